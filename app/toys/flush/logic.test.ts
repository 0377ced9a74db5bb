import { describe, expect, it, vi } from "vitest";
import { FLUSH_KEY, flushComment, playFlush } from "./logic";

describe("toilet flush", () => {
  it("stores its count under the spec's key", () => {
    expect(FLUSH_KEY).toBe("toiletFlushes");
  });

  it("plays the sound", () => {
    const play = vi.fn(() => Promise.resolve());
    const log = vi.fn();
    playFlush(() => ({ play }), log);
    expect(play).toHaveBeenCalledOnce();
    expect(log).not.toHaveBeenCalled();
  });

  it("logs 'Audio play failed' when playing is refused", async () => {
    const error = new Error("NotAllowedError");
    const log = vi.fn();
    playFlush(() => ({ play: () => Promise.reject(error) }), log);
    await Promise.resolve();
    expect(log).toHaveBeenCalledWith("Audio play failed", error);
  });

  it("logs 'Audio play failed' when there is no audio at all", () => {
    const log = vi.fn();
    playFlush(() => {
      throw new ReferenceError("Audio is not defined");
    }, log);
    expect(log).toHaveBeenCalledWith("Audio play failed", expect.any(ReferenceError));
  });

  it("has something to say at every count", () => {
    for (const n of [0, 1, 20, 100]) expect(flushComment(n).length).toBeGreaterThan(0);
  });
});
