export const DAY_MS = 24 * 60 * 60 * 1000;
/** The display refreshes every 50 ms (spec section 9). */
export const REFRESH_MS = 50;

/** The moment we count towards: one day before the countdown started (spec section 9). */
export function yesterdayOf(start: number): number {
  return start - DAY_MS;
}

export interface Remaining {
  negative: boolean;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  millis: number;
}

/** The time left until `target` at `now`, split into parts. It is always negative here. */
export function remaining(target: number, now: number): Remaining {
  const diff = target - now;
  let ms = Math.abs(diff);
  const part = (unit: number) => {
    const value = Math.floor(ms / unit);
    ms -= value * unit;
    return value;
  };
  const days = part(DAY_MS);
  const hours = part(3_600_000);
  const minutes = part(60_000);
  const seconds = part(1000);
  return { negative: diff < 0, days, hours, minutes, seconds, millis: ms };
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** "-1d 00:00:03.250" */
export function formatRemaining(r: Remaining): string {
  return `${r.negative ? "-" : ""}${r.days}d ${pad(r.hours)}:${pad(r.minutes)}:${pad(r.seconds)}.${pad(r.millis, 3)}`;
}

/**
 * One column of the countdown's face: its labels top to bottom, and how long it takes to show each
 * of them once. The face is these reels side by side, each stepping by CSS (countdown.tsx), so the
 * page does no work of its own between the steps.
 */
export interface Reel {
  labels: readonly string[];
  periodMs: number;
}

const counting = (count: number, width = 1, step = 1) =>
  Array.from({ length: count }, (_, k) => String(k * step).padStart(width, "0"));

/** The reels after the days: "HH:MM:SS.mmm" is hours, minutes (two), seconds (two), millis. */
export const REELS = {
  hours: { labels: counting(24, 2), periodMs: DAY_MS },
  minuteTens: { labels: counting(6), periodMs: 3_600_000 },
  minutes: { labels: counting(10), periodMs: 600_000 },
  secondTens: { labels: counting(6), periodMs: 60_000 },
  seconds: { labels: counting(10), periodMs: 10_000 },
  millis: { labels: counting(1000 / REFRESH_MS, 3, REFRESH_MS), periodMs: 1000 },
} satisfies Record<string, Reel>;

/** Which of its labels `reel` shows `elapsed` ms after the countdown started. */
export function reelIndex(reel: Reel, elapsed: number): number {
  return Math.floor(elapsed / (reel.periodMs / reel.labels.length)) % reel.labels.length;
}

/** The days the countdown shows `elapsed` ms after it started (it starts a day late). */
export const daysAt = (elapsed: number) => 1 + Math.floor(elapsed / DAY_MS);

/** The whole face `elapsed` ms after the start, as the reels show it. */
export function faceAt(elapsed: number): string {
  const show = (reel: Reel) => reel.labels[reelIndex(reel, elapsed)];
  const r = REELS;
  return `-${daysAt(elapsed)}d ${show(r.hours)}:${show(r.minuteTens)}${show(r.minutes)}:${show(r.secondTens)}${show(r.seconds)}.${show(r.millis)}`;
}
