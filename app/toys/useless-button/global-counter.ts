import {
  addClick,
  type Batch,
  dropBatch,
  markSent,
  pendingClicks,
  QUEUE_KEY,
  REFRESH_EVERY_MS,
  retryDelay,
  SEND_EVERY_MS,
} from "./click-queue";
import { newId, readQueue, withQueue, writeQueue } from "./stored-queue";

/**
 * The Useless Button's global counter, kept by the site's server (server/app.ts): the total every
 * visitor shares, plus the clicks this device made that the server has not confirmed yet. Clicks go
 * into a queue in localStorage (click-queue.ts) and are sent in batches every two seconds, and with
 * `sendBeacon` when the page goes away; a batch waits there while the browser is offline or the
 * server is away, and goes when it is back. Without the API at all (a static host), the counter
 * says so: the page shows this device's own count instead.
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
  /** Clicks waiting in the queue, not yet confirmed by the server. */
  pending: number;
  mode: CounterMode;
}

const API = "/api/clicks";
const NO_SERVICE_RETRY_MS = 60_000;

const INITIAL: CounterState = { total: null, pending: 0, mode: "connecting" };
let state: CounterState = INITIAL;
const listeners = new Set<() => void>();

function update(next: Partial<CounterState>): void {
  const merged = { ...state, ...next };
  if (merged.total === state.total && merged.pending === state.pending && merged.mode === state.mode) return;
  state = merged;
  for (const listener of listeners) listener();
}

/** Changes the stored queue as one step across tabs, and shows how many clicks it now holds. */
const changeQueue = <T>(change: (queue: Batch[]) => { queue?: Batch[]; result: T }): Promise<T> =>
  withQueue(change, (queue) => update({ pending: pendingClicks(queue) }));

const isJson = (response: Response) => /application\/json/.test(response.headers.get("content-type") ?? "");

/** A total from the server; totals only grow, and a cached answer may be a second old. */
function seeTotal(total: unknown): void {
  if (typeof total !== "number" || !Number.isSafeInteger(total) || total < 0) return;
  update({ total: Math.max(total, state.total ?? 0), mode: "live" });
}

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

/** A backlog (clicks made offline) goes at once; the batch still filling waits its two seconds. */
function scheduleNext(): void {
  const waiting = readQueue().length;
  if (waiting > 0) scheduleSend(waiting > 1 ? 0 : SEND_EVERY_MS);
}

/** The host answered, but not as the counter does: there is no counter service here. */
class NoService extends Error {}

/** Whether the server has counted the batch; throws when it cannot be asked. */
async function alreadyCounted(id: string): Promise<boolean> {
  const response = await fetch(`${API}?batch=${encodeURIComponent(id)}`, { headers: { Accept: "application/json" } });
  if (!isJson(response)) throw new NoService();
  if (!response.ok) throw new Error(`the counter answered ${response.status}`);
  const body = (await response.json()) as { total?: unknown; counted?: unknown };
  seeTotal(body.total);
  return body.counted === true;
}

/**
 * Sends the oldest batch, unless another tab of this site is sending right now (they share the
 * queue: two tabs sending the same batch at once would make the server refuse one of them).
 */
async function sendNext(): Promise<void> {
  sendTimer = undefined;
  // Offline, nothing is tried: the `online` event starts sending again.
  if (!navigator.onLine) {
    lost(false);
    return;
  }
  const locks = navigator.locks;
  if (!locks) return sendOldest();
  const sent = await locks.request(`${QUEUE_KEY}:send`, { ifAvailable: true }, async (lock) => {
    if (!lock) return false;
    await sendOldest();
    return true;
  });
  if (!sent) scheduleSend(SEND_EVERY_MS);
}

/** Sends the oldest batch; what happens next depends on the answer. */
async function sendOldest(): Promise<void> {
  const batch = await changeQueue((queue) => {
    const first = queue[0];
    if (!first) return { result: undefined };
    return { queue: first.sent ? undefined : markSent(queue, first.id), result: first };
  });
  if (!batch) return;
  sending = true;
  let response: Response;
  try {
    // Sent before, its answer never seen (the page left, or the network dropped it): ask first,
    // so a batch already counted is not sent again.
    if (batch.sent && (await alreadyCounted(batch.id))) {
      sending = false;
      failures = 0;
      await changeQueue((queue) => ({ queue: dropBatch(queue, batch.id), result: undefined }));
      scheduleNext();
      return;
    }
    response = await fetch(API, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ batch: batch.id, clicks: batch.clicks }),
      keepalive: true,
    });
  } catch (error) {
    sending = false;
    if (error instanceof NoService) {
      lost(true);
      scheduleSend(NO_SERVICE_RETRY_MS);
      return;
    }
    failures++;
    lost(false);
    scheduleSend(retryDelay(failures));
    return;
  }
  sending = false;
  const body = isJson(response) ? ((await response.json().catch(() => null)) as { total?: unknown } | null) : null;
  if (response.ok || response.status === 409) {
    // Counted now, or counted before (a retry after an answer that never arrived): done either way.
    failures = 0;
    await changeQueue((queue) => ({ queue: dropBatch(queue, batch.id), result: undefined }));
    seeTotal(body?.total);
    scheduleNext();
    return;
  }
  if (response.status === 429) {
    scheduleSend(Number(response.headers.get("Retry-After") ?? 5) * 1000);
    return;
  }
  if (!body) {
    // Not the counter answering (a static host's 404 page): nobody to send to here.
    lost(true);
    scheduleSend(NO_SERVICE_RETRY_MS);
    return;
  }
  if (response.status >= 500) {
    failures++;
    lost(false);
    scheduleSend(retryDelay(failures));
    return;
  }
  // Any other refusal means this batch can never be counted (it does not match the rules): drop
  // it rather than send it forever.
  await changeQueue((queue) => ({ queue: dropBatch(queue, batch.id), result: undefined }));
  scheduleSend(SEND_EVERY_MS);
}

/** Asks for the total, then again every few seconds while the page is on screen. */
async function refresh(): Promise<void> {
  clearTimeout(refreshTimer);
  if (!navigator.onLine) {
    lost(false);
    return;
  }
  try {
    const response = await fetch(API, { headers: { Accept: "application/json" } });
    if (response.ok && isJson(response)) seeTotal(((await response.json()) as { total?: unknown }).total);
    else if (response.status !== 429) lost(!isJson(response));
  } catch {
    lost(false);
  }
  // Where there is no counter service (a static host), asking every few seconds is pointless.
  const every = state.mode === "local" ? NO_SERVICE_RETRY_MS : REFRESH_EVERY_MS;
  if (running && document.visibilityState === "visible") refreshTimer = setTimeout(() => void refresh(), every);
}

/** The page is going away (closed, reloaded, left, or hidden on a phone): send what waits. */
function sendWhatWaits(): void {
  if (typeof navigator.sendBeacon !== "function" || !navigator.onLine) return;
  // No lock here: the page may be gone before a lock is granted. A batch sent twice is counted once.
  const queue = readQueue();
  for (const batch of queue.slice(0, 10)) {
    const body = new Blob([JSON.stringify({ batch: batch.id, clicks: batch.clicks })], { type: "application/json" });
    navigator.sendBeacon(API, body);
  }
  writeQueue(queue.map((batch) => ({ ...batch, sent: true })));
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
  if (event.key === QUEUE_KEY || event.key === null) update({ pending: pendingClicks(readQueue()) });
}

/** Starts talking to the server (the first subscriber); the returned function stops it (the last). */
function start(): () => void {
  running++;
  if (running === 1) {
    window.addEventListener("pagehide", sendWhatWaits);
    window.addEventListener("online", onOnline);
    window.addEventListener("storage", onStorage);
    document.addEventListener("visibilitychange", onVisibility);
    update({ pending: pendingClicks(readQueue()) });
    void refresh();
    // Clicks left from an earlier visit go now.
    if (readQueue().length > 0) scheduleSend(0);
  }
  return () => {
    running--;
    if (running > 0) return;
    clearTimeout(sendTimer);
    clearTimeout(refreshTimer);
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
  void changeQueue((queue) => ({ queue: addClick(queue, newId), result: undefined })).then(() => {
    if (!sendTimer && !sending) scheduleSend(SEND_EVERY_MS);
  });
}
