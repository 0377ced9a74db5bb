import { beforeEach, describe, expect, it, vi } from "vitest";
import { setMuted } from "./mute";

const calls: string[] = [];
vi.mock("./engine", () => ({
  playTone: () => calls.push("tone"),
  playNoise: () => calls.push("noise"),
  playPluck: () => calls.push("pluck"),
  warmUp: () => calls.push("warm up"),
}));

beforeEach(() => {
  calls.length = 0;
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
    const { preloadSound } = await import("./sound");
    preloadSound();
    expect(calls).toEqual([]);
    await vi.waitFor(() => expect(calls).toEqual(["warm up"]));
  });
});
