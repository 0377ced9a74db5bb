import {
  CLICKS_PATH,
  type ClicksAck,
  type ClicksSend,
  DEVICE_QUERY,
  MAX_CLICKS_PER_SEND,
  REFRESH_EVERY_MS,
  SEND_EVERY_MS,
} from "../../../contracts/clicks";
import { afterThisTask } from "../../kit/lib/next-task";
import { type Answer, noServerHere, requestJson } from "../../kit/live/request";
import { retryDelay } from "../../kit/live/retry";
import {
  awaitsCheck,
  confirm as confirmLedger,
  LEDGER_PREFIX,
  LEGACY_LEDGER_KEY,
  nextSend,
  parseDeviceRecord,
  REMEMBERS_NOTHING,
  settleBeacon,
  waiting,
} from "./click-ledger";
import { counterState, update } from "./counter-state";
import { askTotalEvery, followTotal, seeTotal } from "./live-total";
import { adoptOrphans, confirmHere, ownedLedger, ownedLedgers, startOwnLedger } from "./stored-ledger";
import { answeredFor, inDoubt, mayHaveCounted, sentUnanswered, showWaiting } from "./waiting-clicks";

/**
 * The Useless Button's global counter, kept by the site's server (server/clicks/): the total every
 * visitor shares (heard as in live-total.ts), plus the clicks this browser made that the server
 * has not confirmed yet. Clicks go into this page's ledger in localStorage (click-ledger.ts,
 * stored-ledger.ts) and are sent every two seconds, with those of pages that are gone (and by
 * `sendBeacon` when the page goes away: counter-client.ts, which is there from the first paint);
 * they wait there while the browser is offline or the server is away (a proxy's error page during
 * a deploy too), and go when it is back. Every request has a deadline. Without the API at all (a
 * static host's 404 page), the counter says so: the page shows this device's own count instead.
 */

const NO_SERVICE_RETRY_MS = 60_000;

let askedAt = Number.NEGATIVE_INFINITY;

/** The server is out of reach: offline, or no service at all on this host. */
function lost(noService: boolean): void {
  update({ mode: noService ? "local" : "offline" });
}

let sendTimer: ReturnType<typeof setTimeout> | undefined;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let sending = false;
let failures = 0;
let running = 0;
/** Starts so far: a start whose steps are still under way when the page stops and starts again gives way. */
let starts = 0;

function scheduleSend(ms: number): void {
  if (!running || sending) return;
  clearTimeout(sendTimer);
  sendTimer = setTimeout(() => void sendNext(), ms);
}

/**
 * A backlog goes at once (more than one send's worth, or a ledger adopted from a page that is
 * gone); clicks still coming in here wait their two seconds.
 */
function scheduleNext(): void {
  if (hasBacklog()) scheduleSend(0);
  else if (ownedLedgers().some((ledger) => waiting(ledger) > 0)) scheduleSend(SEND_EVERY_MS);
}

function hasBacklog(): boolean {
  // Pages send only after startOwnLedger (start()), so the first is this page's own.
  const [own, ...adopted] = ownedLedgers();
  return adopted.some((ledger) => waiting(ledger) > 0) || (own !== undefined && waiting(own) > MAX_CLICKS_PER_SEND);
}

/** Sends what waits in the ledgers this page writes (each page sends its own). */
async function sendNext(): Promise<void> {
  sendTimer = undefined;
  // Offline, nothing is tried: the `online` event starts sending again.
  if (!navigator.onLine) {
    lost(false);
    return;
  }
  await sendWaiting();
}

/**
 * Sends the ranges the server has not confirmed, one ledger after another (adopted ones are a
 * backlog), and stops at the first failure; what happens next depends on the answer. A ledger
 * whose clicks went out by beacon unconfirmed asks the server what it has for the device first.
 */
async function sendWaiting(): Promise<void> {
  for (const { device } of ownedLedgers()) {
    const before = ownedLedger(device);
    if (before && awaitsCheck(before) && !(await checkOne(device))) return;
    const ledger = ownedLedger(device);
    const send = ledger && nextSend(ledger);
    if (send && !(await sendOne(send))) return;
  }
  scheduleNext();
}

/**
 * The server is away for a moment (no answer, a 5xx, a proxy's error page): what waits stays
 * waiting, the page says so and keeps the total it last heard, and tries again after a growing
 * pause, or after the Retry-After the server or its proxy asked for when that is longer.
 */
function away(retryAfterMs: number | null = null): void {
  failures++;
  lost(false);
  update({ sendFailing: true });
  scheduleSend(Math.max(retryAfterMs ?? 0, retryDelay(failures)));
}

/**
 * What an answer that is not the server's word on the request means: true when it was one (and
 * the next try is scheduled), false when the API answered with something other than 429 or a 5xx.
 */
function failed(answer: Answer): boolean {
  if (answer.kind === "unreachable") away();
  else if (answer.kind === "not-api") {
    if (noServerHere(answer)) {
      // A static host's 404 page: nobody to send to here.
      lost(true);
      scheduleSend(NO_SERVICE_RETRY_MS);
    } else away(answer.retryAfterMs);
  } else if (answer.status === 429) scheduleSend(answer.retryAfterMs ?? 5000);
  else if (answer.status >= 500) away(answer.retryAfterMs);
  else return false;
  return true;
}

/** The server answered for what was asked: the failures in a row are over. */
function answered(): void {
  failures = 0;
  update({ sendFailing: false });
}

/** Sends one range: true when the server answered for it (counted, or refused for good). */
async function sendOne(send: ClicksSend): Promise<boolean> {
  sending = true;
  // In doubt from the moment it leaves: the server may count it, and its total reach this page on
  // the live channel, before the answer does. An earlier send of the device that got no answer
  // stays in doubt until the server answers for the device.
  const earlierInDoubt = inDoubt(send.device);
  sentUnanswered(send);
  const answer = await requestJson(CLICKS_PATH, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(send),
    keepalive: true,
  });
  sending = false;
  if (!earlierInDoubt && !mayHaveCounted(answer) && answeredFor(send.device)) showWaiting();
  if (failed(answer) || answer.kind !== "json") return false;
  const { status, body } = answer;
  answered();
  answeredFor(send.device);
  // Counted (or counted before: the same range again counts nothing). Any other refusal means the
  // server can never count this range: it is given up, rather than sent for ever.
  const acked = status === 200 ? (body as Partial<ClicksAck>).acked : send.to;
  confirmHere(send.device, (current) => confirmLedger(current, acked));
  showWaiting();
  if (status === 200) seeTotal((body as Partial<ClicksAck>).total);
  return true;
}

/**
 * Asks the server what it has recorded for a device whose clicks went out by beacon and were
 * never confirmed, and settles the ledger by it (click-ledger.ts, `settleBeacon`): only what the
 * server has not counted is sent after. True when the ledger is settled.
 */
async function checkOne(device: string): Promise<boolean> {
  sending = true;
  const answer = await requestJson(`${CLICKS_PATH}?${DEVICE_QUERY}=${encodeURIComponent(device)}`);
  sending = false;
  if (failed(answer) || answer.kind !== "json") return false;
  const { status, body } = answer;
  // A refusal (4xx) is a server that will never say: the beacon is taken as counted, as when the
  // server cannot know.
  const record = status === 200 ? parseDeviceRecord(body) : REMEMBERS_NOTHING;
  if (!record) {
    // A 200 without the device's record: a server of an earlier version (during a deploy). The
    // next one will know.
    away();
    return false;
  }
  answered();
  answeredFor(device);
  confirmHere(device, (ledger) => settleBeacon(ledger, record, Date.now()));
  showWaiting();
  if (status === 200) seeTotal((body as { total?: unknown }).total);
  return true;
}

/**
 * Every five seconds while the page is on screen: takes over the ledgers of pages closed since the
 * last look (and sends them), and asks for the total when it is time to.
 */
async function refresh(): Promise<void> {
  clearTimeout(refreshTimer);
  if (!navigator.onLine) {
    lost(false);
    return;
  }
  await adoptOrphans();
  await afterThisTask();
  showWaiting();
  if (!sendTimer && !sending) scheduleNext();
  // Where there is no counter service (a static host), asking every few seconds is pointless.
  const every = counterState().mode === "local" ? NO_SERVICE_RETRY_MS : askTotalEvery();
  if (Date.now() - askedAt >= every - 100) {
    askedAt = Date.now();
    const answer = await requestJson(CLICKS_PATH);
    if (answer.kind === "json" && answer.status === 200) seeTotal((answer.body as { total?: unknown }).total);
    else if (noServerHere(answer)) lost(true);
    // A 5xx, a proxy's error page, no answer: the server is away for a moment; the total stays.
    else if (answer.kind !== "json" || answer.status >= 500) lost(false);
  }
  if (running && document.visibilityState === "visible") {
    refreshTimer = setTimeout(
      () => void refresh(),
      counterState().mode === "local" ? NO_SERVICE_RETRY_MS : REFRESH_EVERY_MS,
    );
  }
}

function onVisibility(): void {
  if (document.visibilityState === "visible") {
    askedAt = Number.NEGATIVE_INFINITY;
    void refresh();
  } else {
    // Hidden: counter-client.ts sends what waits by beacon; asking for the total can wait.
    clearTimeout(refreshTimer);
  }
}

function onOnline(): void {
  failures = 0;
  askedAt = Number.NEGATIVE_INFINITY;
  void refresh();
  scheduleSend(0);
}

function onStorage(event: StorageEvent): void {
  const key = event.key;
  if (key === null || key === LEGACY_LEDGER_KEY || key.startsWith(LEDGER_PREFIX)) showWaiting();
}

/** Starts talking to the server (the first subscriber); the returned function stops it (the last). */
function start(): () => void {
  running++;
  if (running === 1) {
    followTotal(true);
    window.addEventListener("online", onOnline);
    window.addEventListener("storage", onStorage);
    document.addEventListener("visibilitychange", onVisibility);
    // Each step in a task of its own: together they were one task of 140 ms at 8x CPU (issue 55).
    const startedAs = ++starts;
    const still = () => running > 0 && starts === startedAs;
    void (async () => {
      await afterThisTask();
      if (!still()) return;
      startOwnLedger();
      await afterThisTask();
      if (!still()) return;
      showWaiting();
      await afterThisTask();
      if (!still()) return;
      // Asks for the total, and takes over what earlier visits left: that backlog goes at once,
      // while clicks made here meanwhile keep their two seconds.
      await refresh();
      if (!sending && hasBacklog()) scheduleSend(0);
    })();
  }
  return () => {
    running--;
    if (running > 0) return;
    clearTimeout(sendTimer);
    clearTimeout(refreshTimer);
    followTotal(false);
    window.removeEventListener("online", onOnline);
    window.removeEventListener("storage", onStorage);
    document.removeEventListener("visibilitychange", onVisibility);
  };
}

/** Starts talking to the server for a page that shows the counter (counter-client.ts calls it). */
export const startCounter = start;

/** A click was written to this page's ledger (counter-client.ts): it goes with the next batch. */
export function clicked(): void {
  showWaiting();
  if (!sendTimer && !sending) scheduleSend(SEND_EVERY_MS);
}
