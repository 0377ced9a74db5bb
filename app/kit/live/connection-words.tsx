import { useState } from "react";
import { useInterval } from "../hooks/use-interval";
import { type Connection, isAway } from "./connection";

/**
 * What every shared toy says about its connection in the same words, written once: the site too
 * busy to take the page (when it tries again, and that what the visitor did waits), and when the
 * state shown while away was last seen. It travels with the channel's code (vite.config.ts: the
 * "live" chunk), which every live page lists with its own. No Intl: a page's first use of it costs
 * tens of milliseconds (see format-count.ts).
 */

const BUSY = "The site is very busy right now.";
const tryingAgain = (seconds: number) => `Trying again ${seconds > 0 ? `in ${seconds} s` : "now"}`;

/** "The site is very busy right now. Trying again in 12 s; your paints wait." */
export const busyWords = (seconds: number, waits: string) => `${BUSY} ${tryingAgain(seconds)}; ${waits}.`;

/** Whole seconds from `now` until `at` (0 once it has passed, or when there is no time). */
export const secondsUntil = (at: number | null, now: number) =>
  at === null ? 0 : Math.max(0, Math.ceil((at - now) / 1000));

/**
 * The busy words with their countdown, for a toy's connection line (a live region): the line is
 * said once when it appears, and its seconds, which change every second, are not said again
 * (their own region, off), so a screen reader is not read a number every second. `waits` names
 * what waits ("your paints wait").
 */
export function BusyNote({ until, waits }: { until: number | null; waits: string }) {
  const seconds = secondsUntil(until, Date.now());
  const [, redraw] = useState(0);
  useInterval(() => redraw((k) => k + 1), seconds > 0 ? 1000 : null);
  return (
    <>
      {BUSY} <span aria-live="off">{tryingAgain(seconds)}</span>; {waits}.
    </>
  );
}

/**
 * What a toy's connection line adds to its own words while busy (the busy words, all of them) or
 * away with a state to show (when it was last seen: " Showing the sheet as it was at 14:03:12."),
 * and nothing otherwise. `what` names the state shown ("sheet"), `waits` what waits while busy
 * ("your pops wait"). A toy that shows nothing while away uses BusyNote.
 */
export function ConnectionNote({
  connection,
  busyUntil,
  seenAt,
  what,
  waits,
}: {
  connection: Connection;
  busyUntil: number | null;
  seenAt: number | null;
  what: string;
  waits: string;
}) {
  if (connection === "busy") return <BusyNote until={busyUntil} waits={waits} />;
  if (!isAway(connection) || seenAt === null) return null;
  return ` Showing the ${what} as it was ${seenWhen(seenAt, Date.now())}.`;
}

const pad = (n: number) => String(n).padStart(2, "0");
const MONTHS = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split(" ");

/**
 * When a state shown while away was last seen, after "as it was": the time of day when it was today
 * ("at 14:03:12"), the date too when it was earlier ("on 3 Nov at 14:03"), and the year when it was
 * another ("on 28 Dec 2025 at 09:15"). In the browser's own time zone.
 */
export function seenWhen(seenAt: number, now: number): string {
  const seen = new Date(seenAt);
  const today = new Date(now);
  const time = `at ${pad(seen.getHours())}:${pad(seen.getMinutes())}`;
  if (seen.toDateString() === today.toDateString()) return `${time}:${pad(seen.getSeconds())}`;
  const year = seen.getFullYear() === today.getFullYear() ? "" : ` ${seen.getFullYear()}`;
  return `on ${seen.getDate()} ${MONTHS[seen.getMonth()]}${year} ${time}`;
}
