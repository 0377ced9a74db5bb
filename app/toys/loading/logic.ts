import { pickOne, type Random } from "../../kit/lib/random";

/** The status changes every 3 s (spec section 4)… */
export const TICK_MS = 3000;
/** …with a 30% chance of a tease… */
export const TEASE_CHANCE = 0.3;
/** …'Almost there...', then 'Nah.' for the last 2 s of the tick. */
export const NAH_MS = 2000;
export const ALMOST = "Almost there...";
export const NAH = "Nah.";

/** The nine ordinary messages (spec section 9). */
export const MESSAGES = [
  "Reticulating splines...",
  "Counting to infinity (twice)...",
  "Asking the hamster to run faster...",
  "Downloading more patience...",
  "Untangling the internet...",
  "Warming up the pixels...",
  "Convincing the server it is loved...",
  "Looking for the loading bar's keys...",
  "Loading the loading screen...",
] as const;

export type Tick = { kind: "tease" } | { kind: "message"; text: string };

/** What the next tick shows: a tease (30%), or one of the nine messages. */
export function nextTick(random: Random): Tick {
  return random() < TEASE_CHANCE ? { kind: "tease" } : { kind: "message", text: pickOne(MESSAGES, random) };
}
