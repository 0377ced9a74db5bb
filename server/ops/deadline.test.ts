import { MessageChannel } from "node:worker_threads";
import { expect, it } from "vitest";
import { withinDeadline } from "./deadline.ts";

it("gives the answer that comes in time, and the caller's error when none comes", async () => {
  await expect(withinDeadline(Promise.resolve("answer"), 50, () => new Error("late"))).resolves.toBe("answer");
  const started = performance.now();
  await expect(withinDeadline(new Promise(() => {}), 50, () => new Error("no answer in 50 ms"))).rejects.toThrow(
    "no answer in 50 ms",
  );
  expect(performance.now() - started).toBeGreaterThanOrEqual(49);
  // A failure of the work is its own, not the deadline's.
  await expect(withinDeadline(Promise.reject(new Error("refused")), 50, () => new Error("late"))).rejects.toThrow(
    "refused",
  );
});

it("takes an answer that arrived while this process was busy past the deadline as in time", async () => {
  // The answer is I/O already there when the process is free again (a message from the other end
  // of a port); the busy spell is in the event loop's check phase, so its next turn runs the
  // deadline's timer (set in the same spell) before it reads the port: the verdict must wait for
  // the read.
  const { port1, port2 } = new MessageChannel();
  const answer = new Promise<string>((resolve) => port1.once("message", (message: string) => resolve(message)));
  let verdict: Promise<string> | undefined;
  await new Promise<void>((resolve) =>
    setImmediate(() => {
      verdict = withinDeadline(answer, 20, () => new Error("late"));
      port2.postMessage("in time");
      const busyUntil = performance.now() + 100;
      while (performance.now() < busyUntil);
      resolve();
    }),
  );
  await expect(verdict).resolves.toBe("in time");
  port1.close();
});
