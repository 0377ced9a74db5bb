import { readItem, writeItem } from "./storage";

/**
 * The time a visitor has spent here with a toy on screen: counted while the tab is visible and
 * the visitor has pressed, moved or scrolled recently, kept in this browser only.
 */
export const TIME_WASTED_KEY = "timeWastedMs";
/** Without input for this long, the visitor is no longer here (just the tab is). */
export const IDLE_AFTER_MS = 60_000;
/** Counted time is saved with input at most this often (and whenever the tab hides or the page goes). */
export const SAVE_EVERY_MS = 5_000;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Toasts for the round numbers, each crossed once. */
export const MILESTONES = [
  { at: 10 * MINUTE, title: "10 minutes wasted", description: "You could have done anything. You chose this." },
  {
    at: HOUR,
    title: "A whole hour wasted",
    description: "Sixty minutes of nothing, lovingly done. We are proud of you.",
  },
] as const;

/** The stored time, or 0 for anything that is not a whole, non-negative number of milliseconds. */
export function parseTimeWasted(raw: string | null | undefined): number {
  if (raw == null || !/^\d{1,15}$/.test(raw)) return 0;
  return Number(raw);
}

/** "You have wasted 1 h 12 min here. Well done." */
export function describeTimeWasted(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / MINUTE);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const amount =
    minutes === 0
      ? "less than a minute"
      : hours === 0
        ? `${rest} min`
        : `${hours} h${rest === 0 ? "" : ` ${rest} min`}`;
  return `You have wasted ${amount} here. Well done.`;
}

/**
 * How much of the span from `since` to `now` counts: none while hidden, and only up to
 * IDLE_AFTER_MS after the last input.
 */
export function countedMs(since: number, now: number, lastInput: number, visible: boolean): number {
  if (!visible) return 0;
  return Math.max(0, Math.min(now, lastInput + IDLE_AFTER_MS) - since);
}

/** The milestone crossed when the time went from `before` to `after`, if any. */
export function milestoneCrossed(before: number, after: number): (typeof MILESTONES)[number] | undefined {
  return MILESTONES.find((m) => before < m.at && after >= m.at);
}

const listeners = new Set<() => void>();

export function readTimeWasted(): number {
  return parseTimeWasted(readItem(TIME_WASTED_KEY));
}

/** Adds counted time to what is stored (read, add, write: two tabs lose nothing); returns before and after. */
export function addTimeWasted(ms: number): { before: number; after: number } {
  const before = readTimeWasted();
  const after = before + Math.max(0, Math.round(ms));
  if (after !== before) {
    writeItem(TIME_WASTED_KEY, String(after));
    for (const listener of listeners) listener();
  }
  return { before, after };
}

export function subscribeTimeWasted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
