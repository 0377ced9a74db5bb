/** The sound file, made by scripts/make-flush-sound.mjs. */
export const FLUSH_SOUND = "/sounds/flush.wav";
/** The flush count's storage key (spec section 3). */
export const FLUSH_KEY = "toiletFlushes";

export interface Playable {
  play(): Promise<void> | undefined;
}

/**
 * Plays the flush. A failed play (no audio, a missing file, a browser that says no) is logged as
 * 'Audio play failed' and shows nothing: the flush itself always counts (spec section 8).
 */
export function playFlush(createAudio: () => Playable, log: (message: string, error: unknown) => void): void {
  try {
    const played = createAudio().play();
    played?.catch((error: unknown) => log("Audio play failed", error));
  } catch (error) {
    log("Audio play failed", error);
  }
}

/** Something to say about the number of flushes. */
export function flushComment(count: number): string {
  if (count === 0) return "A pristine, unflushed toilet. For now.";
  if (count < 10) return "Nice flush. Very satisfying.";
  if (count < 50) return "Your water bill is starting to notice.";
  return "Legendary plumber status unlocked.";
}
