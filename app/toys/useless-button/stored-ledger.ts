import type { ClicksSend } from "../../../contracts/clicks";
import { randomId } from "../../kit/lib/random-id";
import { readItem, removeItem, writeItem } from "../../kit/lib/storage";
import { hasLocks, holdLock } from "../../kit/live/locks";
import {
  addClick,
  LEDGER_PREFIX,
  LEGACY_LEDGER_KEY,
  LEGACY_QUEUE_KEY,
  type Ledger,
  newLedger,
  noteBeacon,
  parseLedger,
  unsentLegacyClicks,
  waiting,
} from "./click-ledger";

/**
 * The ledgers of this browser, one per page that clicked: each page writes only its own, so a
 * click is never lost between tabs (a localStorage write reaches other tabs a moment late; a value
 * with one writer does not care). A page holds a Web Lock named after its ledger for its whole
 * life; a ledger whose lock nobody holds belongs to a page that is gone, and the next page to find
 * it adopts it (takes its lock), sends what it still holds, and removes it once the server has
 * confirmed it all. Without Web Locks, a ledger untouched for ten minutes is adopted. Where storage
 * fails, this page's ledger lives in memory.
 */

/** Ledgers this page writes: its own (made on its first click) and the ones it adopted. */
const owned = new Map<string, Ledger>();
let ownKey: string | null = null;
/** This page's ledger is written to storage once its lock is held (before, another page could adopt it). */
let ownLocked = false;
let memoryOnly = false;

const ABANDONED_MS = 10 * 60_000;

function save(key: string, ledger: Ledger) {
  owned.set(key, ledger);
  if (key === ownKey && !ownLocked) return;
  if (!memoryOnly && !writeItem(key, JSON.stringify({ ...ledger, at: Date.now() }))) memoryOnly = true;
}

/** Every stored ledger's key, with the stored text. */
function storedLedgers(): [string, string][] {
  const found: [string, string][] = [];
  try {
    for (let k = 0; k < localStorage.length; k++) {
      const key = localStorage.key(k);
      if (key?.startsWith(LEDGER_PREFIX) || key === LEGACY_LEDGER_KEY)
        found.push([key, localStorage.getItem(key) ?? ""]);
    }
  } catch {
    // No storage: only this page's ledger, in memory.
  }
  return found;
}

/** Makes this page's own ledger and takes its lock (once; clicks before the lock wait in memory). */
export function startOwnLedger(): void {
  if (ownKey) return;
  const ledger = newLedger(randomId());
  const key = LEDGER_PREFIX + ledger.device;
  ownKey = key;
  owned.set(key, ledger);
  void holdLock(key).then(() => {
    ownLocked = true;
    const current = owned.get(key) as Ledger;
    if (current.made > 0) save(key, current);
  });
}

/** One click, in this page's own ledger. */
export function clickHere(): Ledger {
  startOwnLedger();
  const key = ownKey as string;
  const next = addClick(owned.get(key) as Ledger);
  save(key, next);
  return next;
}

/** The ledgers this page sends, as they are now: its own first (when it has one), then the adopted. */
export function ownedLedgers(): Ledger[] {
  const own = ownKey ? owned.get(ownKey) : undefined;
  const adopted = [...owned].filter(([key]) => key !== ownKey).map(([, ledger]) => ledger);
  return own ? [own, ...adopted] : adopted;
}

/** The current ledger of `device`, among those this page writes. */
export const ownedLedger = (device: string): Ledger | undefined =>
  [...owned.values()].find((ledger) => ledger.device === device);

/**
 * `send` went out by beacon as the page hides or closes: its ledger says so (written by this page,
 * which still holds the ledger's lock), so that whoever sends it next asks the server first.
 */
export function beaconedHere(send: ClicksSend, now = Date.now()): void {
  confirmHere(send.device, (ledger) => noteBeacon(ledger, send, now));
}

/** The server confirmed `acked` for `device`: the ledger moves on; an adopted one done is removed. */
export function confirmHere(device: string, move: (ledger: Ledger) => Ledger): void {
  for (const [key, ledger] of owned) {
    if (ledger.device !== device) continue;
    const next = move(ledger);
    if (key !== ownKey && waiting(next) === 0) {
      owned.delete(key);
      removeItem(key);
    } else if (next !== ledger) save(key, next);
  }
}

/** Every ledger of this browser: this page's, and other tabs' as last seen. */
export function ledgersEverywhere(): Ledger[] {
  const ledgers = [...owned.values()];
  for (const [key, text] of storedLedgers()) {
    if (owned.has(key)) continue;
    const ledger = parseLedger(text);
    if (ledger) ledgers.push(ledger);
  }
  return ledgers;
}

/** Clicks waiting to be confirmed in every ledger of this browser (other tabs' as last seen). */
export const waitingEverywhere = (): number => waitingIn(ledgersEverywhere());

/** Clicks waiting to be confirmed in `ledgers`. */
export const waitingIn = (ledgers: readonly Ledger[]): number =>
  ledgers.reduce((sum, ledger) => sum + waiting(ledger), 0);

/**
 * Takes over the ledgers of pages that are gone (and what the counter's earlier versions left), so
 * their clicks are sent. Resolves once every ledger found was tried.
 */
export async function adoptOrphans(): Promise<void> {
  // The first version's queue: its unsent clicks become a ledger of this page's.
  const legacyClicks = unsentLegacyClicks(readItem(LEGACY_QUEUE_KEY));
  removeItem(LEGACY_QUEUE_KEY);
  if (legacyClicks > 0) {
    const ledger = { ...newLedger(randomId()), made: legacyClicks };
    const key = LEDGER_PREFIX + ledger.device;
    await holdLock(key);
    save(key, ledger);
  }
  for (const [key, text] of storedLedgers()) {
    if (owned.has(key)) continue;
    const ledger = parseLedger(text);
    if (!ledger) {
      removeItem(key);
      continue;
    }
    const abandoned =
      !hasLocks() && Date.now() - (Number((JSON.parse(text) as { at?: number }).at) || 0) > ABANDONED_MS;
    if (key === LEGACY_LEDGER_KEY || abandoned || (await holdLock(key, { ifAvailable: true }))) {
      if (waiting(ledger) === 0) {
        removeItem(key);
        continue;
      }
      owned.set(key, ledger);
    }
  }
}
