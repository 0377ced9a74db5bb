import { spawn } from "node:child_process";
import { once } from "node:events";
import { connect } from "node:net";
import { expect, it, vi } from "vitest";
import { createLogger } from "./log.ts";
import { createStoreGuard, NotReplicated, StoreUnavailable } from "./store-guard.ts";

const guard = () => createStoreGuard({ name: "test", deadlineMs: 50, log: createLogger("error", () => {}) });

it("tells its onBack handlers each time the store answers again after it did not, and only then", async () => {
  const store = guard();
  const back = vi.fn();
  store.onBack(back);
  await store.run(() => "first answer");
  expect(back).not.toHaveBeenCalled();
  await expect(store.run(() => Promise.reject(new Error("gone")))).rejects.toBeInstanceOf(StoreUnavailable);
  await expect(store.run(() => new Promise(() => {}))).rejects.toBeInstanceOf(StoreUnavailable);
  expect(back).not.toHaveBeenCalled();
  await store.run(() => "back");
  await store.run(() => "still there");
  expect(back).toHaveBeenCalledTimes(1);
  store.mark(false, "gone again");
  store.mark(true);
  expect(back).toHaveBeenCalledTimes(2);
});

it("does not say the store went again for a call out of time that began waiting before its latest answer", async () => {
  // As Redis frozen and woken: calls sent while it was frozen, one of them out of time just after
  // it answered the others.
  const lines: string[] = [];
  const store = createStoreGuard({
    name: "test",
    deadlineMs: 50,
    log: createLogger("info", (line) => lines.push(line)),
  });
  const back = vi.fn();
  store.onBack(back);
  await expect(store.run(() => new Promise(() => {}))).rejects.toBeInstanceOf(StoreUnavailable);
  let wake = (_: string) => {};
  const sentWhileFrozen = store.run(() => new Promise<string>((resolve) => (wake = resolve)));
  const staleOne = store.run(() => new Promise(() => {}));
  await new Promise((resolve) => setTimeout(resolve, 10));
  wake("answered on waking");
  await expect(sentWhileFrozen).resolves.toBe("answered on waking");
  // Refused all the same: the request that made it gets its 503.
  await expect(staleOne).rejects.toBeInstanceOf(StoreUnavailable);
  expect(store.up).toBe(true);
  await store.run(() => "a read");
  const states = lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
  expect(states).toEqual(["store unavailable", "store available"]);
  expect(back).toHaveBeenCalledTimes(1);
  // A call that began after the latest answer and gets none says the store went.
  await expect(store.run(() => new Promise(() => {}))).rejects.toBeInstanceOf(StoreUnavailable);
  expect(store.up).toBe(false);
  // The client's connection made again is an answer too (redis.ts marks it): a call sent before it
  // and out of time after it says nothing newer.
  const sentBeforeReconnect = store.run(() => new Promise(() => {}));
  await new Promise((resolve) => setTimeout(resolve, 10));
  store.mark(true);
  await expect(sentBeforeReconnect).rejects.toBeInstanceOf(StoreUnavailable);
  expect(store.up).toBe(true);
  // An error is the store's own word, whenever the call began: said.
  let refuse = (_: Error) => {};
  const refusedWrite = store.run(() => new Promise((_, reject) => (refuse = reject)));
  await new Promise((resolve) => setTimeout(resolve, 10));
  await store.run(() => "a read answered meanwhile");
  refuse(new Error("READONLY You can't write against a read only replica."));
  await expect(refusedWrite).rejects.toBeInstanceOf(StoreUnavailable);
  expect(store.up).toBe(false);
});

it("refuses a write no replica has without saying the store went: no line, no return, its own outcome", async () => {
  const lines: string[] = [];
  const outcomes: string[] = [];
  const store = createStoreGuard({
    name: "test",
    deadlineMs: 50,
    log: createLogger("info", (line) => lines.push(line)),
    observe: (outcome) => outcomes.push(outcome),
  });
  const back = vi.fn();
  store.onBack(back);
  await store.run(() => "first answer");
  lines.length = 0;
  for (let k = 0; k < 3; k++) {
    await expect(store.run(() => Promise.reject(new NotReplicated("no replica")))).rejects.toBeInstanceOf(
      NotReplicated,
    );
  }
  expect(store.up).toBe(true);
  await store.run(() => "a read");
  // Nothing was sent, so nothing landed unannounced: no read again, no line per refusal
  // (replica-wait.ts says once that the primary has no replica).
  expect(back).not.toHaveBeenCalled();
  expect(lines).toEqual([]);
  expect(outcomes).toEqual(["ok", "refused", "refused", "refused", "ok"]);
});

it("takes an answer that came in time while this process was busy past the deadline as an answer, not as late", async () => {
  // A store in another process that answers at once; this process holds its event loop past the
  // deadline (an overloaded machine), so the answer and the deadline's timer are both due when it
  // is free: the answer is read first, as it was there in time.
  const store = spawn(process.execPath, [
    "-e",
    "require('node:net').createServer((s) => s.on('data', () => s.write('pong'))).listen(0, '127.0.0.1', function () { console.log(this.address().port) })",
  ]);
  try {
    const [line] = (await once(store.stdout, "data")) as [Buffer];
    const socket = connect(Number(String(line)), "127.0.0.1");
    await once(socket, "connect");
    const guarded = guard();
    const answer = guarded.run(
      () =>
        new Promise<string>((resolve) => {
          socket.once("data", (data) => resolve(String(data)));
          socket.write("ping");
        }),
    );
    // The call goes out (its work starts in a microtask), then this process is busy.
    await Promise.resolve();
    const busyUntil = performance.now() + 300;
    while (performance.now() < busyUntil);
    await expect(answer).resolves.toBe("pong");
    expect(guarded.up).toBe(true);
    socket.destroy();
  } finally {
    store.kill();
  }
});
