import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setMuted } from "./mute";

/**
 * The engine as the facade meets it: each call noted, with when it came (by the clock the test
 * runs on, fake or real). Hoisted with vi.mock, which runs before the imports.
 */
const { calls, times, fakeEngine } = vi.hoisted(() => {
  const calls: string[] = [];
  const times: number[] = [];
  const note = (call: string) => {
    calls.push(call);
    times.push(Date.now());
  };
  const fakeEngine = () => ({
    playTone: () => note("tone"),
    playNoise: () => note("noise"),
    playPluck: () => note("pluck"),
    warmUp: () => note("warm up"),
  });
  return { calls, times, fakeEngine };
});
vi.mock("./engine", fakeEngine);

beforeEach(() => {
  calls.length = 0;
  times.length = 0;
  setMuted(false);
});

describe("the lazy sound facade", () => {
  it("plays every sound asked for, also those asked for while the engine loads", async () => {
    const { playNoise, playPluck, playTone } = await import("./sound");
    playTone({ frequency: 440 });
    playNoise();
    await vi.waitFor(() => expect(calls).toEqual(["tone", "noise"]));
    playPluck({ frequency: 110 });
    expect(calls).toEqual(["tone", "noise", "pluck"]);
  });

  it("plays nothing while muted", async () => {
    const { playTone } = await import("./sound");
    setMuted(true);
    playTone({ frequency: 440 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toEqual([]);
  });

  it("at the first press, fetches the engine and makes its audio context once it is there, not in the press", async () => {
    // A fresh facade, as a page has before its first press, and an engine module that says when
    // it is fetched (the other tests of this file loaded theirs already).
    vi.resetModules();
    let fetched = 0;
    vi.doMock("./engine", () => {
      fetched++;
      return fakeEngine();
    });
    const { preloadSound } = await import("./sound");
    await vi.dynamicImportSettled();
    expect(fetched).toBe(0);
    preloadSound();
    expect(calls).toEqual([]);
    await vi.waitFor(() => expect(calls).toEqual(["warm up"]));
    expect(fetched).toBe(1);
  });
});

describe("the audio output, readied before the first audio context", () => {
  /** A fresh copy of the facade (the engine not yet loaded), in a browser that lists devices so. */
  async function facadeWith(enumerateDevices: () => Promise<unknown[]>) {
    vi.resetModules();
    vi.stubGlobal("navigator", { mediaDevices: { enumerateDevices } });
    return import("./sound");
  }
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("lists the media devices once, and makes the context only after the list has come", async () => {
    let answer: (devices: unknown[]) => void = () => {};
    const enumerateDevices = vi.fn(() => new Promise<unknown[]>((resolve) => (answer = resolve)));
    const { preloadSound, playTone } = await facadeWith(enumerateDevices);
    preloadSound();
    playTone({ frequency: 440 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual([]);
    answer([]);
    await vi.waitFor(() => expect(calls).toEqual(["warm up", "tone"]));
    expect(enumerateDevices).toHaveBeenCalledOnce();
  });

  it("waits no longer than AUDIO_OUTPUT_WAIT_MS for a list that never comes: the sound is late, not lost", async () => {
    vi.useFakeTimers();
    const { AUDIO_OUTPUT_WAIT_MS, playTone } = await facadeWith(() => new Promise(() => {}));
    const asked = Date.now();
    playTone({ frequency: 440 });
    // The engine's module arrives (no timer of the page's in that): only the wait is left.
    await vi.dynamicImportSettled();
    await vi.advanceTimersByTimeAsync(AUDIO_OUTPUT_WAIT_MS - 1);
    expect(calls).toEqual([]);
    // Not vi.waitFor: on fake timers it moves the clock at every look, so it would pass a wait
    // of a second. The clock moves by the last millisecond only, and the sound has played then.
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual(["tone"]);
    expect(times).toEqual([asked + AUDIO_OUTPUT_WAIT_MS]);
  });

  it("leaves no timer pending once the list has come (a page left later keeps nothing of it)", async () => {
    vi.useFakeTimers();
    const { playTone } = await facadeWith(() => Promise.resolve([]));
    playTone({ frequency: 440 });
    await vi.waitFor(() => expect(calls).toEqual(["tone"]));
    expect(vi.getTimerCount()).toBe(0);
  });

  it("plays where listing fails or throws", async () => {
    const failing = await facadeWith(() => Promise.reject(new Error("NotAllowedError")));
    failing.playTone({ frequency: 440 });
    await vi.waitFor(() => expect(calls).toEqual(["tone"]));
    const throwing = await facadeWith(() => {
      throw new TypeError("not supported");
    });
    throwing.playTone({ frequency: 220 });
    await vi.waitFor(() => expect(calls).toEqual(["tone", "tone"]));
  });
});
