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
