import { type ClicksSend, DEVICE_ID, isCount, MAX_CLICKS_PER_SEND } from "../../../contracts/clicks";

/**
 * This browser's account with the global counter (contracts/clicks.ts): a random device id, every
 * click it has made (`made`) and how many of them the server has confirmed (`acked`). The clicks
 * waiting are `made - acked`; a send names the range after `acked`, so sending it twice, or a
 * longer one later, counts each click once. Pure functions over plain data, kept in localStorage
 * (stored-ledger.ts; storage is untrusted: `parseLedger` accepts only what this file could make).
 */

/** Each page's ledger is stored under this prefix and its device id (stored-ledger.ts). */
export const LEDGER_PREFIX = "globalClickLedger:";

/** Where the counter's second version kept one ledger for every tab; adopted like any other. */
export const LEGACY_LEDGER_KEY = "globalClickLedger";

/** Where the first version of the counter kept its batches; read once, to carry their clicks over. */
export const LEGACY_QUEUE_KEY = "globalClickQueue";

export interface Ledger {
  device: string;
  made: number;
  acked: number;
  /**
   * The clicks up to `to` went out by `sendBeacon` as a page closed or hid, first at `at` (this
   * browser's clock), and no answer confirmed them since: the server may have counted them, or
   * never seen them. They are checked with the server before they are sent again (`settleBeacon`).
   */
  beaconed?: Beaconed;
}

export interface Beaconed {
  to: number;
  at: number;
}

/** The stored ledger, or null when it is absent or not something this page wrote. */
export function parseLedger(raw: string | null | undefined): Ledger | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== "object" || value === null) return null;
    const { device, made, acked, beaconed } = value as Record<string, unknown>;
    if (typeof device !== "string" || !DEVICE_ID.test(device) || !isCount(made) || !isCount(acked)) return null;
    const ledger: Ledger = { device, made: Math.max(made, acked), acked };
    if (beaconed === undefined) return ledger;
    const { to, at } = (beaconed ?? {}) as Partial<Beaconed>;
    // A beacon past what was made is nothing this file writes.
    if (!isCount(to) || !isCount(at) || to > ledger.made) return null;
    return to > acked ? { ...ledger, beaconed: { to, at } } : ledger;
  } catch {
    return null;
  }
}

/** A ledger for a device that has clicked nothing yet. */
export const newLedger = (device: string): Ledger => ({ device, made: 0, acked: 0 });

export const addClick = (ledger: Ledger): Ledger => ({ ...ledger, made: ledger.made + 1 });

/** Clicks made here that the server has not confirmed yet. */
export const waiting = (ledger: Ledger): number => ledger.made - ledger.acked;

/**
 * What to send now (at most what the server counts in one send), or null when nothing waits, or
 * when a beacon's clicks must be checked with the server first (`awaitsCheck`).
 */
export function nextSend(ledger: Ledger): ClicksSend | null {
  if (ledger.made <= ledger.acked || ledger.beaconed) return null;
  return { device: ledger.device, from: ledger.acked, to: Math.min(ledger.made, ledger.acked + MAX_CLICKS_PER_SEND) };
}

/** Whether clicks of this ledger went out by beacon unconfirmed: the server is asked about them first. */
export const awaitsCheck = (ledger: Ledger): boolean => ledger.beaconed !== undefined;

/**
 * The ledger once `send` went out by beacon at `now`. Another beacon before any answer (a page
 * hidden, shown, then closed) keeps the first one's time: the server may have counted from then on,
 * so that is the moment its memory must reach back to.
 */
export function noteBeacon(ledger: Ledger, send: ClicksSend, now: number): Ledger {
  if (send.device !== ledger.device || send.to <= ledger.acked) return ledger;
  const at = ledger.beaconed ? Math.min(ledger.beaconed.at, now) : now;
  return { ...ledger, beaconed: { to: Math.max(send.to, ledger.beaconed?.to ?? 0), at } };
}

/**
 * The ledger once the server says every click up to `acked` is counted. Confirmations only move
 * forward (an old answer arriving late changes nothing), and never past what was made here unless
 * the server knows of more (storage restored from an older copy): then there are none waiting. A
 * beacon confirmed with them needs no check any more.
 */
export function confirm(ledger: Ledger, acked: unknown): Ledger {
  if (!isCount(acked) || acked <= ledger.acked) return ledger;
  const { beaconed, ...rest } = ledger;
  const next = { ...rest, acked, made: Math.max(ledger.made, acked) };
  return beaconed && beaconed.to > acked ? { ...next, beaconed } : next;
}

/** A beacon and the server's answer may be this far apart on the clocks that measure them. */
export const BEACON_CLOCK_MARGIN_MS = 60_000;

/**
 * What the server said about a device (contracts/clicks.ts, `ClicksDevice`): the count it has
 * recorded for it, or null when it does not remember it, and how far back it remembers devices.
 */
export interface DeviceRecord {
  acked: number | null;
  rememberedForMs: number;
}

/** The server's answer about a device, or null when it is not one (a server that cannot say yet). */
export function parseDeviceRecord(body: unknown): DeviceRecord | null {
  if (typeof body !== "object" || body === null) return null;
  const { acked, rememberedForMs } = body as Record<string, unknown>;
  if ((acked !== null && !isCount(acked)) || !isCount(rememberedForMs)) return null;
  return { acked, rememberedForMs };
}

/** What to take from a server that refuses to say (a 4xx): it remembers nothing, so the beacon counted. */
export const REMEMBERS_NOTHING: DeviceRecord = { acked: null, rememberedForMs: 0 };

/**
 * The ledger once the server answered for a device whose clicks went out by beacon
 * (docs/decisions/0002-counter-ledger.md):
 *
 * - The server remembers the device: what it has recorded is what counts; the rest is sent.
 * - It does not, and the beacon left within the time it remembers every device: had the beacon
 *   arrived, the device would be known, so it never did; its clicks are sent.
 * - It does not, and the beacon is older than that (or this browser's clock went back since): the
 *   beacon may have been counted and the device forgotten since, and nobody can tell. Its clicks
 *   are taken as counted. A few clicks possibly lost, rather than counted twice.
 */
export function settleBeacon(ledger: Ledger, record: DeviceRecord, now: number): Ledger {
  const { beaconed, ...rest } = ledger;
  if (!beaconed) return ledger;
  if (record.acked !== null) return confirm(rest, record.acked);
  const age = now - beaconed.at;
  const neverArrived = age >= 0 && age < record.rememberedForMs - BEACON_CLOCK_MARGIN_MS;
  return neverArrived ? rest : confirm(rest, beaconed.to);
}

/** Clicks of the first version's queue that never left: they still wait to be counted. */
export function unsentLegacyClicks(raw: string | null | undefined): number {
  if (!raw) return 0;
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return 0;
    return value.reduce(
      (sum: number, batch) =>
        batch && batch.sent === false && isCount(batch.clicks) && batch.clicks <= MAX_CLICKS_PER_SEND
          ? sum + batch.clicks
          : sum,
      0,
    );
  } catch {
    return 0;
  }
}
