import { importLater } from "../../kit/lib/import-later";
import { listen, update } from "./counter-state";
import { clickHere, waitingEverywhere } from "./stored-ledger";

/**
 * The global counter as the Useless Button uses it: clicks go into this page's ledger at once
 * (stored-ledger.ts: in storage, so none is lost whatever happens next), and the counter's network
 * half (global-counter.ts: sends, the total, the live channel) is fetched once the page is live,
 * not with it: the Useless Button is the site's first page, and its first load is within a few
 * hundred bytes of its budget. Clicks made before it is in wait in the ledger and go with its
 * first send.
 */
let network: Promise<typeof import("./global-counter")> | null = null;

export function subscribeCounter(listener: () => void): () => void {
  const unlisten = listen(listener);
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
  };
}

/** One click for the global counter: shown at once (as pending), sent with the next batch. */
export function recordClick(): void {
  clickHere();
  update({ pending: waitingEverywhere() });
  network?.then(({ clicked }) => clicked()).catch(() => {});
}
