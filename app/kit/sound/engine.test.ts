import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { playNoise, playPluck, playTone, resetAudioForTests, warmUp } from "./engine";
import { setMuted } from "./mute";

function param() {
  return { value: 0, setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() };
}
function node() {
  const n = { connect: vi.fn((next: unknown) => next), disconnect: vi.fn() };
  return n;
}

class FakeAudioContext {
  static created = 0;
  static last: FakeAudioContext | undefined;
  state = "suspended";
  currentTime = 0;
  sampleRate = 8000;
  destination = node();
  started: string[] = [];
  resume = vi.fn(async () => {
    this.state = "running";
  });
  constructor() {
    FakeAudioContext.created++;
    FakeAudioContext.last = this;
  }
  createOscillator() {
    return {
      ...node(),
      type: "sine",
      frequency: param(),
      onended: null,
      start: () => this.started.push("osc"),
      stop: vi.fn(),
    };
  }
  createGain() {
    return { ...node(), gain: param() };
  }
  createBiquadFilter() {
    return { ...node(), type: "lowpass", frequency: param(), Q: param() };
  }
  createBufferSource() {
    return {
      ...node(),
      buffer: null,
      loop: false,
      onended: null,
      start: () => this.started.push("noise"),
      stop: vi.fn(),
    };
  }
  createBuffer(_channels: number, length: number) {
    const data = new Float32Array(length);
    return { sampleRate: this.sampleRate, getChannelData: () => data };
  }
}

const g = globalThis as { AudioContext?: unknown };

beforeEach(() => {
  resetAudioForTests();
  setMuted(false);
  FakeAudioContext.created = 0;
});
afterEach(() => {
  delete g.AudioContext;
});

describe("the sound engine", () => {
  it("is silent and does not throw where Web Audio is missing", () => {
    delete g.AudioContext;
    expect(() => {
      playTone({ frequency: 440 });
      playNoise();
      playPluck({ frequency: 110 });
    }).not.toThrow();
  });

  it("does not throw when creating the context fails", () => {
    g.AudioContext = class {
      constructor() {
        throw new Error("NotAllowedError");
      }
    };
    expect(() => playTone({ frequency: 440 })).not.toThrow();
  });

  it("creates one context lazily, on the first sound, and resumes it when suspended", () => {
    g.AudioContext = FakeAudioContext;
    expect(FakeAudioContext.created).toBe(0);
    playTone({ frequency: 440 });
    playNoise();
    playPluck({ frequency: 110 });
    expect(FakeAudioContext.created).toBe(1);
    expect(FakeAudioContext.last?.resume).toHaveBeenCalled();
    expect(FakeAudioContext.last?.started).toEqual(["osc", "noise", "osc"]);
  });

  it("warms up one context ahead of the first sound, which then makes none of its own; muted, none", () => {
    g.AudioContext = FakeAudioContext;
    setMuted(true);
    warmUp();
    expect(FakeAudioContext.created).toBe(0);
    setMuted(false);
    warmUp();
    expect(FakeAudioContext.created).toBe(1);
    playNoise();
    warmUp();
    expect(FakeAudioContext.created).toBe(1);
    expect(FakeAudioContext.last?.started).toEqual(["noise"]);
  });

  it("plays nothing while the site is muted, and remembers the mute", async () => {
    const stored = new Map<string, string>();
    vi.stubGlobal("localStorage", {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, String(value)),
      removeItem: (key: string) => void stored.delete(key),
    });
    /** The engine and the mute as the next visit has them: new modules, only what was stored. */
    const nextVisit = async () => {
      vi.resetModules();
      const mute = await import("./mute");
      const engine = await import("./engine");
      FakeAudioContext.created = 0;
      engine.playTone({ frequency: 440 });
      return { muted: mute.isMuted(), contexts: FakeAudioContext.created };
    };
    try {
      g.AudioContext = FakeAudioContext;
      setMuted(false);
      expect(await nextVisit()).toEqual({ muted: false, contexts: 1 });
      setMuted(true);
      FakeAudioContext.created = 0;
      playTone({ frequency: 440 });
      expect(FakeAudioContext.created).toBe(0);
      expect(await nextVisit()).toEqual({ muted: true, contexts: 0 });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("before the visitor's first click, tap or key press it creates nothing and drops the sound", () => {
    g.AudioContext = FakeAudioContext;
    const activation = { hasBeenActive: false };
    vi.stubGlobal("navigator", { userActivation: activation });
    try {
      for (let i = 0; i < 20; i++) playNoise(); // a mouse waved over the applause zone
      expect(FakeAudioContext.created).toBe(0);
      activation.hasBeenActive = true; // the visitor clicked
      playNoise();
      expect(FakeAudioContext.created).toBe(1);
      expect(FakeAudioContext.last?.started).toEqual(["noise"]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
