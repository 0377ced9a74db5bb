import { readItem, removeItem, writeItem } from "../../kit/lib/storage";
import { withLock } from "../../kit/live/locks";
import {
  LEDGER_KEY,
  LEGACY_QUEUE_KEY,
  type Ledger,
  newDeviceId,
  newLedger,
  parseLedger,
  unsentLegacyClicks,
} from "./click-ledger";

// The ledger lives in localStorage, so every tab and every later visit share one account with the
// server; where storage fails, it lives in memory for as long as the page does.
let memoryLedger: Ledger | null = null;

/** The stored ledger, read without the lock (to look, or to send what it says), or null. */
export function readLedger(): Ledger | null {
  return memoryLedger ?? parseLedger(readItem(LEDGER_KEY));
}

function writeLedger(ledger: Ledger): void {
  if (memoryLedger || !writeItem(LEDGER_KEY, JSON.stringify(ledger))) memoryLedger = ledger;
}

/** A first ledger, carrying over what the first version of the counter had not sent. */
function startLedger(): Ledger {
  const carried = unsentLegacyClicks(readItem(LEGACY_QUEUE_KEY));
  removeItem(LEGACY_QUEUE_KEY);
  return { ...newLedger(newDeviceId()), made: carried };
}

/**
 * Changes the ledger as one step across tabs (a click in one tab and a confirmation in another at
 * the same moment would otherwise lose one of them), and resolves the ledger as it now is.
 */
export function changeLedger(change: (ledger: Ledger) => Ledger): Promise<Ledger> {
  return withLock(LEDGER_KEY, () => {
    const before = readLedger();
    const after = change(before ?? startLedger());
    if (after !== before) writeLedger(after);
    return after;
  });
}
