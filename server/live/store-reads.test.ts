import { readFileSync } from "node:fs";
import { afterEach, expect, it, vi } from "vitest";
import { createLogger } from "../ops/log.ts";
import { repeat, UNTIL_LOADED_MS } from "./lifecycle.ts";
import { SETTLE_READS_MS, storeReads } from "./store-reads.ts";

const quiet = createLogger("error", () => {});
afterEach(() => {
  vi.useRealTimers();
});

/** A bus and a guard whose events the test raises, and a read it answers one at a time. */
function harness(checkMs = 30_000) {
  const ready: (() => void)[] = [];
  const back: (() => void)[] = [];
  const log: string[] = [];
  const answers: { ok: () => void; fail: () => void }[] = [];
  const reads = storeReads({
    read: () =>
      new Promise<void>((resolve, reject) => {
        log.push(`begin ${answers.length + 1}`);
        const k = answers.length + 1;
        answers.push({
          ok: () => {
            log.push(`end ${k}`);
            resolve();
          },
          fail: () => {
            log.push(`fail ${k}`);
            reject(new Error("the store is waking"));
          },
        });
      }),
    what: "test copy",
    bus: { onReady: (handler) => void ready.push(handler) },
    guard: { onBack: (handler) => void back.push(handler) },
    log: quiet,
    checkMs,
  });
  return { reads, ready, back, log, answers };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

it("a read asked for while one is in flight is made again once it ends, once however often it was asked", async () => {
  const { reads, log, answers } = harness();
  const first = reads.load();
  const asked = [reads.load(), reads.load(), reads.load()];
  await settle();
  expect(log).toEqual(["begin 1"]);
  answers[0]?.ok();
  await first;
  await settle();
  // The answer in flight may be from before what the later askers know of: one more read, after it.
  expect(log).toEqual(["begin 1", "end 1", "begin 2"]);
  let done = false;
  void Promise.all(asked).then(() => {
    done = true;
  });
  await settle();
  expect(done).toBe(false);
  answers[1]?.ok();
  await Promise.all(asked);
  expect(log).toEqual(["begin 1", "end 1", "begin 2", "end 2"]);
});

it("a read asked for while one is in flight that then fails is still made", async () => {
  const { reads, log, answers } = harness();
  void reads.load();
  const later = reads.load();
  answers[0]?.fail();
  await settle();
  answers[1]?.ok();
  await later;
  expect(log).toEqual(["begin 1", "fail 1", "begin 2", "end 2"]);
  expect(reads.failing()).toBe(false);
});

it("reads when the bus is ready, again after each reconnect, and when the store answers again", async () => {
  const { ready, back, log, answers } = harness();
  for (const handler of ready) handler();
  await settle();
  expect(log).toEqual(["begin 1"]);
  answers[0]?.ok();
  await settle();
  for (const handler of ready) handler();
  await settle();
  answers[1]?.ok();
  await settle();
  for (const handler of back) handler();
  await settle();
  expect(log).toEqual(["begin 1", "end 1", "begin 2", "end 2", "begin 3"]);
});

it("a caller that needs some reading (a first GET) joins the read in flight rather than waiting for one more", async () => {
  const { reads, log, answers } = harness();
  void reads.load();
  const joined = reads.loaded();
  answers[0]?.ok();
  await joined;
  await settle();
  expect(log).toEqual(["begin 1", "end 1"]);
  // With none in flight, it reads.
  const fresh = reads.loaded();
  await settle();
  answers[1]?.ok();
  await fresh;
  expect(log).toEqual(["begin 1", "end 1", "begin 2", "end 2"]);
});

it("a read that failed is made again every UNTIL_LOADED_MS until one succeeds, then only every checkMs", async () => {
  vi.useFakeTimers();
  const checkMs = 30_000;
  const { reads, log, answers } = harness(checkMs);
  const stop = repeat(...reads.repeated);
  // Nothing read yet: it asks at the first tick, a second in, and again after a failure.
  await vi.advanceTimersByTimeAsync(UNTIL_LOADED_MS);
  expect(log).toEqual(["begin 1"]);
  answers[0]?.ok();
  await vi.advanceTimersByTimeAsync(0);
  expect(reads.failing()).toBe(false);

  // A read asked for (as when the store came back) failed: a primary still connecting.
  void reads.load();
  await vi.advanceTimersByTimeAsync(0);
  answers[1]?.fail();
  await vi.advanceTimersByTimeAsync(0);
  expect(reads.failing()).toBe(true);
  await vi.advanceTimersByTimeAsync(UNTIL_LOADED_MS);
  expect(log.at(-1)).toBe("begin 3");
  // A read that hangs is not asked for again beside itself.
  await vi.advanceTimersByTimeAsync(3 * UNTIL_LOADED_MS);
  expect(log.at(-1)).toBe("begin 3");
  answers[2]?.fail();
  await vi.advanceTimersByTimeAsync(UNTIL_LOADED_MS);
  expect(log.at(-1)).toBe("begin 4");
  answers[3]?.ok();
  await vi.advanceTimersByTimeAsync(0);

  // Read: nothing more until the periodic check.
  const before = log.length;
  await vi.advanceTimersByTimeAsync(checkMs - 7 * UNTIL_LOADED_MS);
  expect(log).toHaveLength(before);
  await vi.advanceTimersByTimeAsync(7 * UNTIL_LOADED_MS);
  expect(log.at(-1)).toBe("begin 5");
  stop();
});

it("after the bus or the store comes back, reads again SETTLE_READS_MS later: news other processes lost meanwhile", async () => {
  vi.useFakeTimers();
  const checkMs = 120_000;
  const { reads, ready, back, log, answers } = harness(checkMs);
  const stop = repeat(...reads.repeated);
  const begun = () => log.filter((line) => line.startsWith("begin")).length;
  const answerAll = () => {
    for (const answer of answers) answer.ok();
  };
  for (const handler of back) handler();
  await vi.advanceTimersByTimeAsync(0);
  expect(begun()).toBe(1);
  answerAll();
  let at = 0;
  for (const [k, ms] of SETTLE_READS_MS.entries()) {
    await vi.advanceTimersByTimeAsync(ms - at - 1);
    answerAll();
    expect(begun(), `before the read ${ms} ms after`).toBe(1 + k);
    await vi.advanceTimersByTimeAsync(1000 + 1);
    answerAll();
    expect(begun(), `the read ${ms} ms after`).toBe(2 + k);
    at = ms + 1000;
  }
  // Then none until the periodic read; a reconnect of the bus starts them over.
  await vi.advanceTimersByTimeAsync(45_000);
  expect(begun()).toBe(1 + SETTLE_READS_MS.length);
  for (const handler of ready) handler();
  await vi.advanceTimersByTimeAsync(0);
  answerAll();
  await vi.advanceTimersByTimeAsync((SETTLE_READS_MS[0] as number) + 1000);
  answerAll();
  expect(begun()).toBe(3 + SETTLE_READS_MS.length);
  stop();
});

it("docs/live.md gives the reads after a disturbance as the code has them", () => {
  const seconds = SETTLE_READS_MS.map((ms) => ms / 1000);
  const said = `${seconds.slice(0, -1).join(", ")} and ${seconds.at(-1)} s later (\`SETTLE_READS_MS\``;
  expect(readFileSync("docs/live.md", "utf8").replace(/\s+/g, " ")).toContain(said);
});
