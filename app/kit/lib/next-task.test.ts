import { afterEach, describe, expect, it, vi } from "vitest";
import { afterThisTask, nextTask, whenIdle } from "./next-task";

it("runs after the current task, not in it, and not at all once cancelled", async () => {
  const ran = vi.fn();
  const kept = vi.fn();
  const cancel = nextTask(ran);
  nextTask(kept);
  await Promise.resolve();
  expect(kept).not.toHaveBeenCalled();
  cancel();
  await vi.waitFor(() => expect(kept).toHaveBeenCalledTimes(1));
  // Posted before the one that ran: cancelled, it never runs.
  expect(ran).not.toHaveBeenCalled();
});

describe("whenIdle", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("asks the browser's scheduler for a background task, and cancels it by its signal", async () => {
    const posted: { run: () => void; priority: string; signal?: AbortSignal }[] = [];
    vi.stubGlobal("scheduler", {
      postTask: (run: () => void, { priority, signal }: { priority: string; signal?: AbortSignal }) => {
        posted.push({ run, priority, signal });
        return Promise.resolve();
      },
    });
    const ran = vi.fn();
    const cancel = whenIdle(ran);
    expect(posted.map(({ priority }) => priority)).toEqual(["background"]);
    expect(posted[0]?.signal?.aborted).toBe(false);
    cancel();
    expect(posted[0]?.signal?.aborted).toBe(true);
    expect(ran).not.toHaveBeenCalled();
  });

  it("without one, waits for an idle moment with a deadline of a second", () => {
    const asked: { run: () => void; timeout?: number }[] = [];
    const cancelled: number[] = [];
    vi.stubGlobal("requestIdleCallback", (run: () => void, options?: { timeout?: number }) => {
      asked.push({ run, timeout: options?.timeout });
      return 7;
    });
    vi.stubGlobal("cancelIdleCallback", (id: number) => cancelled.push(id));
    const cancel = whenIdle(() => {});
    expect(asked.map(({ timeout }) => timeout)).toEqual([1000]);
    cancel();
    expect(cancelled).toEqual([7]);
  });

  it("without either, runs in the next task (a held test clock does not hold it)", async () => {
    const ran = vi.fn();
    whenIdle(ran);
    await Promise.resolve();
    expect(ran).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(ran).toHaveBeenCalledTimes(1));
  });
});

describe("afterThisTask", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("yields through the browser's scheduler where there is one", async () => {
    const yielded = vi.fn(() => Promise.resolve());
    vi.stubGlobal("scheduler", { yield: yielded });
    await afterThisTask();
    expect(yielded).toHaveBeenCalledTimes(1);
  });

  it("otherwise resolves after the current task, not within it", async () => {
    let resolved = false;
    const done = afterThisTask().then(() => {
      resolved = true;
    });
    await Promise.resolve();
    await Promise.resolve();
    expect(resolved).toBe(false);
    await done;
    expect(resolved).toBe(true);
  });
});
