import { afterEach, describe, expect, it, vi } from "vitest";
import { loadChunk, RETRY_AFTER_MS } from "./load-chunk";

function stubPage(onLine: boolean, reloads: boolean) {
  const reload = vi.fn(() => reloads);
  vi.stubGlobal("window", { __pointlessReload: reload });
  vi.stubGlobal("navigator", { onLine });
  return reload;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("loadChunk", () => {
  it("returns the chunk at once when it loads", async () => {
    stubPage(true, true);
    await expect(loadChunk(async () => "chunk")).resolves.toBe("chunk");
  });

  it("tries a failed chunk once more, after a short wait", async () => {
    vi.useFakeTimers();
    const reload = stubPage(true, true);
    const load = vi.fn().mockRejectedValueOnce(new Error("offline for a moment")).mockResolvedValueOnce("chunk");
    const result = loadChunk(load);
    await vi.advanceTimersByTimeAsync(RETRY_AFTER_MS);
    await expect(result).resolves.toBe("chunk");
    expect(load).toHaveBeenCalledTimes(2);
    expect(reload).not.toHaveBeenCalled();
  });

  it("online, after two failures, reloads into the new build and never settles", async () => {
    vi.useFakeTimers();
    const reload = stubPage(true, true);
    let settled = false;
    loadChunk(() => Promise.reject(new Error("404"))).then(
      () => (settled = true),
      () => (settled = true),
    );
    await vi.advanceTimersByTimeAsync(RETRY_AFTER_MS * 4);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(settled).toBe(false);
  });

  it("fails, for the caller to say so, when offline or when the page has just reloaded", async () => {
    vi.useFakeTimers();
    for (const [onLine, reloads] of [
      [false, true],
      [true, false],
    ] as const) {
      stubPage(onLine, reloads);
      const result = loadChunk(() => Promise.reject(new Error("404")));
      const failed = expect(result).rejects.toThrow("404");
      await vi.advanceTimersByTimeAsync(RETRY_AFTER_MS);
      await failed;
    }
  });
});
