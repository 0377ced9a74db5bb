import { CLICKS_PATH } from "../../../contracts/clicks";
import { importLater } from "../../kit/lib/import-later";
import { nextSend } from "./click-ledger";
import { listen, update } from "./counter-state";
import { beaconedHere, clickHere, ownedLedgers, waitingEverywhere } from "./stored-ledger";

/**
 * The global counter as the Useless Button uses it: clicks go into this page's ledger at once
 * (stored-ledger.ts: in storage, so none is lost whatever happens next), and the counter's network
 * half (global-counter.ts: sends, the total, the live channel) is fetched once the page is live,
 * not with it: the Useless Button is the site's first page, and its first load is within a few
 * hundred bytes of its budget. Clicks made before it is in wait in the ledger and go with its
 * first send, or by beacon when the page goes away first (below, which is here from the start).
 */
let network: Promise<typeof import("./global-counter")> | null = null;
let subscribers = 0;

export function subscribeCounter(listener: () => void): () => void {
  const unlisten = listen(listener);
  if (subscribers++ === 0) watchLeaving(true);
  let stop: (() => void) | undefined;
  const cancel = importLater(
    () =>
      (network ??= import("./global-counter").catch((error: unknown) => {
        network = null;
        throw error;
      })),
    ({ startCounter }) => {
      stop = startCounter();
    },
  );
  return () => {
    cancel();
    unlisten();
    stop?.();
    if (--subscribers === 0) watchLeaving(false);
  };
}

/** One click for the global counter: shown at once (as pending), sent with the next batch. */
export function recordClick(): void {
  clickHere();
  update({ pending: waitingEverywhere() });
  network?.then(({ clicked }) => clicked()).catch(() => {});
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
    if (queued) beaconedHere(send);
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
