import { CLICKS_PATH } from "../../../contracts/clicks";
import { whenIdle } from "../../kit/lib/next-task";
import { nextSend } from "./click-ledger";
import { listen } from "./counter-state";
import { clicked, startCounter } from "./global-counter";
import { beaconedHere, clickHere, ownedLedgers } from "./stored-ledger";
import { sentUnanswered } from "./waiting-clicks";

/**
 * The global counter as the Useless Button uses it: clicks go into this page's ledger at once
 * (stored-ledger.ts: in storage, so none is lost whatever happens next), and the counter's network
 * half (global-counter.ts: sends, the total, the live channel) starts in a task of its own once
 * the page is idle, after the page's hydration, whose effects would otherwise all run as one long
 * task.
 * Clicks made before it runs wait in the ledger and go with its first send, or by beacon when the
 * page goes away first (below). The network half travels in the page's own chunk: fetched apart,
 * once the page was live, it cost a cold load a request (about 400 bytes of headers) and the
 * counter a round trip before it could ask for the total (issue 46).
 */
let subscribers = 0;

export function subscribeCounter(listener: () => void): () => void {
  const unlisten = listen(listener);
  if (subscribers++ === 0) watchLeaving(true);
  let stop: (() => void) | undefined;
  const cancel = whenIdle(() => {
    stop = startCounter();
  });
  return () => {
    unlisten();
    // Started, the counter stops; not yet, its idle task is cancelled. Not both: the counter's
    // start-up yields inside that task, and cancelling it then would make those yields reject
    // (kit/lib/next-task.ts whenIdle).
    if (stop) stop();
    else cancel();
    if (--subscribers === 0) watchLeaving(false);
  };
}

/** One click for the global counter: shown at once (as pending), sent with the next batch. */
export function recordClick(): void {
  clickHere();
  clicked();
}

/**
 * The page is going away (closed, reloaded, left, or hidden on a phone): send what waits. Each
 * ledger keeps its range until a later answer confirms it (this page's, or the page that adopts
 * its ledger), and the server counts a range it has seen only once, as long as it remembers the
 * device; the ledger notes that the range went out by beacon, so that it is checked with the
 * server before it is sent again (the server may have counted it and forgotten the device since).
 * A ledger already waiting for that check sends nothing more by beacon: its clicks wait for it.
 */
function sendWhatWaits(): void {
  if (typeof navigator.sendBeacon !== "function" || !navigator.onLine) return;
  for (const send of ownedLedgers().map(nextSend)) {
    if (!send) continue;
    const queued = navigator.sendBeacon(CLICKS_PATH, new Blob([JSON.stringify(send)], { type: "application/json" }));
    if (!queued) continue;
    beaconedHere(send);
    sentUnanswered(send);
  }
}

function onVisibility(): void {
  if (document.visibilityState === "hidden") sendWhatWaits();
}

function watchLeaving(on: boolean): void {
  const change = on ? "addEventListener" : "removeEventListener";
  window[change]("pagehide", sendWhatWaits);
  document[change]("visibilitychange", onVisibility);
}
