import { formatCount } from "../../kit/lib/format-count";
import { type Random, randomBetween } from "../../kit/lib/random";

/** At most one clap every 50 ms (spec section 9). */
export const CLAP_THROTTLE_MS = 50;

/** One clap: a short, bright burst of noise, each a little different. */
export function clapSound(random: Random) {
  return {
    duration: randomBetween(0.05, 0.09, random),
    volume: randomBetween(0.35, 0.55, random),
    filter: "bandpass" as const,
    frequency: randomBetween(900, 1800, random),
    q: 0.7,
  };
}

/** How the crowd feels, by claps received. */
export function crowdMood(claps: number): string {
  if (claps === 0) return "The crowd is waiting. Move your mouse.";
  if (claps < 20) return "Polite applause.";
  if (claps < 100) return "The crowd is on its feet!";
  if (claps < 300) return "STANDING OVATION!";
  return "The crowd has lost all sense of proportion.";
}

/** Browsers stay silent until the first click or key press; the crowd says so. */
export const SILENT_CROWD = "The crowd claps silently. Click or press a key once to hear them.";

/**
 * Everyone else's claps, as this page hears them: quieter and duller than one's own (from across
 * the room), a little louder the more people clap at once.
 */
export function crowdClapSound(clapping: number, random: Random) {
  return {
    duration: randomBetween(0.04, 0.08, random),
    volume: Math.min(0.22, 0.08 + 0.03 * Math.log2(1 + Math.max(0, clapping))),
    filter: "bandpass" as const,
    frequency: randomBetween(700, 1500, random),
    q: 0.9,
  };
}

/** The crowd's claps a page plays at most, however many clap: applause, never a wall of noise. */
export const MAX_CROWD_CLAPS_PER_SECOND = 16;

/**
 * When to play the `others` claps heard for the last `windowMs` (ms from now, in order): one burst
 * per clap, at random moments over the window, as dense as four a second per person clapping,
 * and never more than MAX_CROWD_CLAPS_PER_SECOND, whatever arrives.
 */
export function crowdClapDelays(others: number, clapping: number, windowMs: number, random: Random): number[] {
  if (!(others > 0) || !(windowMs > 0)) return [];
  const perSecond = Math.min(MAX_CROWD_CLAPS_PER_SECOND, 4 * Math.max(1, clapping));
  const count = Math.min(Math.floor(others), Math.max(1, Math.round((perSecond * windowMs) / 1000)));
  return Array.from({ length: count }, () => Math.floor(random() * windowMs)).sort((a, b) => a - b);
}

/** What a screen reader hears of the crowd, every few seconds at most. */
export function crowdText(total: number, clapping: number | null): string {
  const now = clapping === null ? "" : ` ${formatCount(clapping)} clapping now.`;
  return `${formatCount(total)} ${total === 1 ? "clap" : "claps"} from everyone.${now}`;
}
