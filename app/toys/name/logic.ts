/** The voice: as low and as slow as the browser allows (spec section 9). */
export const VOICE = { pitch: 0.1, rate: 0.2 } as const;

export type SpeakResult = "spoken" | "empty" | "unsupported" | "failed";

export const MESSAGES: Record<Exclude<SpeakResult, "spoken">, string> = {
  empty: "Type a name first. The voice is warmed up and very, very bored.",
  unsupported:
    "Your browser can't speak (no speech synthesis here). Imagine a very slow, very deep voice saying it. Beautiful.",
  failed: "The voice cleared its throat and then said nothing. Try again?",
};

interface Speech {
  synth: Pick<SpeechSynthesis, "speak" | "cancel">;
  Utterance: new (text: string) => SpeechSynthesisUtterance;
}

/** Speaks `text` badly, or says why it could not. Never throws. */
export function pronounce(text: string, speech: Speech | null): SpeakResult {
  if (!text.trim()) return "empty";
  if (!speech) return "unsupported";
  try {
    const utterance = new speech.Utterance(text);
    utterance.pitch = VOICE.pitch;
    utterance.rate = VOICE.rate;
    speech.synth.cancel();
    speech.synth.speak(utterance);
    return "spoken";
  } catch {
    return "failed";
  }
}

/** The browser's speech synthesis, or null where it is missing. */
export function browserSpeech(): Speech | null {
  if (typeof window === "undefined") return null;
  const w = window as Partial<Window> & { SpeechSynthesisUtterance?: Speech["Utterance"] };
  return w.speechSynthesis && w.SpeechSynthesisUtterance
    ? { synth: w.speechSynthesis, Utterance: w.SpeechSynthesisUtterance }
    : null;
}
