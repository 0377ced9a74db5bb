import { describe, expect, it, vi } from "vitest";
import { pronounce, VOICE } from "./logic";

class FakeUtterance {
  pitch = 1;
  rate = 1;
  constructor(public text: string) {}
}

const fakeSpeech = () => {
  const synth = { speak: vi.fn(), cancel: vi.fn() };
  return { synth, speech: { synth, Utterance: FakeUtterance as unknown as typeof SpeechSynthesisUtterance } };
};

describe("bad name pronouncer", () => {
  it("speaks at pitch 0.1 and rate 0.2", () => {
    expect(VOICE).toEqual({ pitch: 0.1, rate: 0.2 });
    const { synth, speech } = fakeSpeech();
    expect(pronounce("Bartholomew", speech)).toBe("spoken");
    const utterance = synth.speak.mock.calls[0]?.[0] as FakeUtterance;
    expect(utterance).toMatchObject({ text: "Bartholomew", pitch: 0.1, rate: 0.2 });
  });

  it("asks for a name instead of speaking silence", () => {
    const { synth, speech } = fakeSpeech();
    expect(pronounce("   ", speech)).toBe("empty");
    expect(synth.speak).not.toHaveBeenCalled();
  });

  it("says so where speech synthesis is missing or breaks", () => {
    expect(pronounce("Ann", null)).toBe("unsupported");
    const { synth, speech } = fakeSpeech();
    synth.speak.mockImplementation(() => {
      throw new Error("not allowed");
    });
    expect(pronounce("Ann", speech)).toBe("failed");
  });
});
