import { prefersReducedMotion } from "../hooks/use-reduced-motion";
import { hasUserActivation } from "../sound/activation";
import { isMuted } from "../sound/mute";

/** How long a buzz lasts: a short tick, felt rather than heard. */
export const BUZZ_MS = 15;

/**
 * A short vibration for a physical moment (a bubble pops, a clap, a flush, the wheel stops). Silent
 * when the visitor muted the site or asked for less motion, before their first press (browsers
 * refuse it then, with a console warning), and wherever the browser cannot vibrate.
 */
export function buzz(ms: number = BUZZ_MS): void {
  if (typeof navigator === "undefined" || typeof navigator.vibrate !== "function") return;
  if (isMuted() || !hasUserActivation() || prefersReducedMotion()) return;
  try {
    navigator.vibrate(ms);
  } catch {
    // A browser that throws instead of refusing: the toy goes on without it.
  }
}
