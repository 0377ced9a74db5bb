import { useState } from "react";
import { useAnnounced } from "../hooks/use-announced";
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

/**
 * "The site is very busy right now. Trying again in 12 s; your paints wait.", with the server's own
 * reason for the first sentence when it gave one ("Very many people share this network right now.").
 */
export const busyWords = (seconds: number, waits: string, reason?: string | null) =>
  `${reason || BUSY} ${tryingAgain(seconds)}; ${waits}.`;

/** What a page says while the browser is online but the site's server does not answer. */
export const UNREACHABLE = "The site's server cannot be reached right now.";

/** Whole seconds from `now` until `at` (0 once it has passed, or when there is no time). */
export const secondsUntil = (at: number | null, now: number) =>
  at === null ? 0 : Math.max(0, Math.ceil((at - now) / 1000));

/** How often, at most, a page's live region says its connection (a line that flaps is not read at every change). */
export const SAY_CONNECTION_EVERY_MS = 5000;

/** The state of the connection in a few words of its own, for the live region (the toy's line says more). */
const SHORT: Record<Exclude<Connection, "busy" | "connecting">, string> = {
  live: "Connection: live.",
  reconnecting: "Connection: lost for a moment, coming back; what you do waits.",
  unreachable: "Connection: the site's server cannot be reached; what you do waits.",
  offline: "Connection: none, this browser is offline.",
  "no-server": "Connection: none, this copy of the site has no server.",
  blocked: "Connection: this network does not let it through.",
};

/**
 * The connection in one sentence for a live region: its few words, or while busy the busy words as
 * they stand then. Nothing during the first try: its outcome is said, at once (said, "connecting"
 * held "live" back for the throttle's seconds after the page had gone live; issue 63).
 */
export function connectionSentence({
  connection,
  busyUntil,
  busyReason,
  waits,
}: {
  connection: Connection;
  busyUntil: number | null;
  busyReason?: string | null;
  waits: string;
}): string {
  if (connection === "connecting") return "";
  if (connection !== "busy") return SHORT[connection];
  return `Connection: busy. ${busyWords(secondsUntil(busyUntil, Date.now()), waits, busyReason)}`;
}

/**
 * Every shared toy's connection in a live region of its own, said at most every
 * SAY_CONNECTION_EVERY_MS (the latest each time): the toy's line on screen changes at once, and is
 * not itself a live region (a connection that flaps would be read out at every change).
 */
export function ConnectionAnnouncer(props: Parameters<typeof connectionSentence>[0]) {
  const said = useAnnounced(connectionSentence(props), SAY_CONNECTION_EVERY_MS);
  // A status (a polite live region of its own), apart from the page's other announcements.
  return (
    <p className="sr-only" role="status">
      {said}
    </p>
  );
}

/**
 * The busy words with their countdown, for a toy's connection line (a live region): the line is
 * said once when it appears, and its seconds, which change every second, are not said again
 * (their own region, off), so a screen reader is not read a number every second. `waits` names
 * what waits ("your paints wait").
 */
export function BusyNote({ until, waits, reason }: { until: number | null; waits: string; reason?: string | null }) {
  const seconds = secondsUntil(until, Date.now());
  const [, redraw] = useState(0);
  useInterval(() => redraw((k) => k + 1), seconds > 0 ? 1000 : null);
  return (
    <>
      {reason || BUSY} <span aria-live="off">{tryingAgain(seconds)}</span>; {waits}.
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
  busyReason,
  seenAt,
  what,
  waits,
}: {
  connection: Connection;
  busyUntil: number | null;
  busyReason?: string | null;
  seenAt: number | null;
  what: string;
  waits: string;
}) {
  if (connection === "busy") return <BusyNote until={busyUntil} waits={waits} reason={busyReason} />;
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
