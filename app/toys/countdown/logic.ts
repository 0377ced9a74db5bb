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
