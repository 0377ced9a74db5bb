import {
  CLICKS_PATH,
  type ClicksAck,
  MAX_CLICKS_PER_SEND,
  REFRESH_EVERY_MS,
  SEND_EVERY_MS,
} from "../../../contracts/clicks";
import { liveUrl, type ServerMessage } from "../../../contracts/live";
import { type Channel, openChannel } from "../../kit/live/channel";
import { ifLockFree } from "../../kit/live/locks";
import { isCount, requestJson } from "../../kit/live/request";
import { retryDelay } from "../../kit/live/retry";
import { addClick, confirm as confirmLedger, LEDGER_KEY, type Ledger, nextSend, waiting } from "./click-ledger";
import { changeLedger, readLedger } from "./stored-ledger";

/**
 * The Useless Button's global counter, kept by the site's server (server/clicks/): the total every
 * visitor shares, plus the clicks this device made that the server has not confirmed yet. Clicks
 * go into the ledger in localStorage (click-ledger.ts) and are sent every two seconds, and with
 * `sendBeacon` when the page goes away; they wait there while the browser is offline or the server
 * is away, and go when it is back. Every request has a deadline. Without the API at all (a static
 * host), the counter says so: the page shows this device's own count instead.
 */

export type CounterMode =
  /** Waiting for the first answer. */
  | "connecting"
  /** The server answered: the total is everyone's. */
  | "live"
  /** The network is down (or the server is): the last known total plus this device's clicks. */
  | "offline"
  /** There is no counter service here (a static host): only this device's count. */
  | "local";

export interface CounterState {
  /** The server's total as last seen, or null before the first answer. */
  total: number | null;
  /** Clicks made here, not yet confirmed by the server. */
  pending: number;
  mode: CounterMode;
}

const NO_SERVICE_RETRY_MS = 60_000;
/** One tab at a time sends this device's clicks. */
const SEND_LOCK = `${LEDGER_KEY}:send`;

const INITIAL: CounterState = { total: null, pending: 0, mode: "connecting" };
let state: CounterState = INITIAL;
const listeners = new Set<() => void>();

function update(next: Partial<CounterState>): void {
  const merged = { ...state, ...next };
  if (merged.total === state.total && merged.pending === state.pending && merged.mode === state.mode) return;
  state = merged;
  for (const listener of listeners) listener();
}

const showWaiting = (ledger: Ledger | null) => update({ pending: ledger ? waiting(ledger) : 0 });

/** A total from the server; totals only grow, and a cached answer may be a second old. */
function seeTotal(total: unknown): void {
  if (!isCount(total)) return;
  update({ total: Math.max(total, state.total ?? 0), mode: "live" });
  // The server is there: from now on its total also comes live, as others click.
  if (running && !channel) follow();
}

/**
 * The total on the live channel (topic "clicks"), so the number climbs while the page is open. The
 * poll goes on, less often, as the fallback for when the channel is down.
 */
let channel: Channel | null = null;
function follow(): void {
  channel = openChannel({
    url: () => liveUrl(["clicks"]),
    onText: (text) => {
      try {
        const message = JSON.parse(text) as ServerMessage;
        if (message.t === "clicks") seeTotal(message.total);
      } catch {
        // Not a message this page reads.
      }
    },
  });
}

/** Asked every five seconds; every thirty while the live channel brings the total anyway. */
const refreshEvery = () => (channel?.status === "open" ? 6 * REFRESH_EVERY_MS : REFRESH_EVERY_MS);

/** The server is out of reach: offline, or no service at all on this host. */
function lost(noService: boolean): void {
  update({ mode: noService ? "local" : "offline" });
}

let sendTimer: ReturnType<typeof setTimeout> | undefined;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let sending = false;
let failures = 0;
let running = 0;

function scheduleSend(ms: number): void {
  if (!running || sending) return;
  clearTimeout(sendTimer);
  sendTimer = setTimeout(() => void sendNext(), ms);
}

/** A backlog (clicks made offline) goes at once; clicks still coming in wait their two seconds. */
function scheduleNext(ledger: Ledger): void {
  const left = waiting(ledger);
  if (left > 0) scheduleSend(left > MAX_CLICKS_PER_SEND ? 0 : SEND_EVERY_MS);
}

/** Sends what waits, unless another tab of this site is sending right now (they share the ledger). */
async function sendNext(): Promise<void> {
  sendTimer = undefined;
  // Offline, nothing is tried: the `online` event starts sending again.
  if (!navigator.onLine) {
    lost(false);
    return;
  }
  const sent = await ifLockFree(SEND_LOCK, sendWaiting, "busy" as const);
  if (sent === "busy") scheduleSend(SEND_EVERY_MS);
}

/** Sends the range the server has not confirmed; what happens next depends on the answer. */
async function sendWaiting(): Promise<void> {
  const ledger = readLedger();
  const send = ledger && nextSend(ledger);
  if (!send) return;
  sending = true;
  const answer = await requestJson(CLICKS_PATH, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(send),
    keepalive: true,
  });
  sending = false;
  if (answer.kind === "unreachable") {
    failures++;
    lost(false);
    scheduleSend(retryDelay(failures));
    return;
  }
  if (answer.kind === "not-api") {
    // Not the counter answering (a static host's 404 page): nobody to send to here.
    lost(true);
    scheduleSend(NO_SERVICE_RETRY_MS);
    return;
  }
  const { status, body, retryAfterMs } = answer;
  if (status === 429) {
    scheduleSend(retryAfterMs ?? 5000);
    return;
  }
  if (status >= 500) {
    failures++;
    lost(false);
    scheduleSend(Math.max(retryAfterMs ?? 0, retryDelay(failures)));
    return;
  }
  failures = 0;
  // Counted (or counted before: the same range again counts nothing). Any other refusal means the
  // server can never count this range: it is given up, rather than sent for ever.
  const acked = status === 200 ? (body as Partial<ClicksAck>).acked : send.to;
  const confirmed = await changeLedger((current) => confirmLedger(current, acked));
  showWaiting(confirmed);
  if (status === 200) seeTotal((body as Partial<ClicksAck>).total);
  scheduleNext(confirmed);
}

/** Asks for the total, then again every few seconds while the page is on screen. */
async function refresh(): Promise<void> {
  clearTimeout(refreshTimer);
  if (!navigator.onLine) {
    lost(false);
    return;
  }
  const answer = await requestJson(CLICKS_PATH);
  if (answer.kind === "json" && answer.status === 200) seeTotal((answer.body as { total?: unknown }).total);
  else if (answer.kind === "not-api") lost(true);
  else if (answer.kind === "unreachable" || answer.status >= 500) lost(false);
  // Where there is no counter service (a static host), asking every few seconds is pointless.
  const every = state.mode === "local" ? NO_SERVICE_RETRY_MS : refreshEvery();
  if (running && document.visibilityState === "visible") refreshTimer = setTimeout(() => void refresh(), every);
}

/**
 * The page is going away (closed, reloaded, left, or hidden on a phone): send what waits. Nothing
 * is written here (the page may be gone before a lock is granted): the ledger keeps the range
 * until a later answer confirms it, and the server counts a range it has seen only once.
 */
function sendWhatWaits(): void {
  if (typeof navigator.sendBeacon !== "function" || !navigator.onLine) return;
  const ledger = readLedger();
  const send = ledger && nextSend(ledger);
  if (!send) return;
  navigator.sendBeacon(CLICKS_PATH, new Blob([JSON.stringify(send)], { type: "application/json" }));
}

function onVisibility(): void {
  if (document.visibilityState === "visible") void refresh();
  else {
    clearTimeout(refreshTimer);
    sendWhatWaits();
  }
}

function onOnline(): void {
  failures = 0;
  void refresh();
  scheduleSend(0);
}

function onStorage(event: StorageEvent): void {
  if (event.key === LEDGER_KEY || event.key === null) showWaiting(readLedger());
}

/** Starts talking to the server (the first subscriber); the returned function stops it (the last). */
function start(): () => void {
  running++;
  if (running === 1) {
    window.addEventListener("pagehide", sendWhatWaits);
    window.addEventListener("online", onOnline);
    window.addEventListener("storage", onStorage);
    document.addEventListener("visibilitychange", onVisibility);
    const ledger = readLedger();
    showWaiting(ledger);
    void refresh();
    // Clicks left from an earlier visit go now.
    if (ledger && waiting(ledger) > 0) scheduleSend(0);
  }
  return () => {
    running--;
    if (running > 0) return;
    clearTimeout(sendTimer);
    clearTimeout(refreshTimer);
    channel?.close();
    channel = null;
    window.removeEventListener("pagehide", sendWhatWaits);
    window.removeEventListener("online", onOnline);
    window.removeEventListener("storage", onStorage);
    document.removeEventListener("visibilitychange", onVisibility);
  };
}

export function subscribeCounter(listener: () => void): () => void {
  listeners.add(listener);
  const stop = start();
  return () => {
    listeners.delete(listener);
    stop();
  };
}

export const getCounter = (): CounterState => state;
export const getServerCounter = (): CounterState => INITIAL;

/** One click for the global counter: shown at once (as pending), sent with the next batch. */
export function recordClick(): void {
  void changeLedger(addClick).then((ledger) => {
    showWaiting(ledger);
    if (!sendTimer && !sending) scheduleSend(SEND_EVERY_MS);
  });
}
