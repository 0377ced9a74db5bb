import { type ClicksSend, DEVICE_ID, MAX_CLICKS_PER_SEND } from "../../../contracts/clicks";
import { isCount } from "../../kit/live/request";

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
}

/** The stored ledger, or null when it is absent or not something this page wrote. */
export function parseLedger(raw: string | null | undefined): Ledger | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== "object" || value === null) return null;
    const { device, made, acked } = value as Record<string, unknown>;
    if (typeof device !== "string" || !DEVICE_ID.test(device) || !isCount(made) || !isCount(acked)) return null;
    return { device, made: Math.max(made, acked), acked };
  } catch {
    return null;
  }
}

/** A ledger for a device that has clicked nothing yet. */
export const newLedger = (device: string): Ledger => ({ device, made: 0, acked: 0 });

export const addClick = (ledger: Ledger): Ledger => ({ ...ledger, made: ledger.made + 1 });

/** Clicks made here that the server has not confirmed yet. */
export const waiting = (ledger: Ledger): number => ledger.made - ledger.acked;

/** What to send now (at most what the server counts in one send), or null when nothing waits. */
export function nextSend(ledger: Ledger): ClicksSend | null {
  if (ledger.made <= ledger.acked) return null;
  return { device: ledger.device, from: ledger.acked, to: Math.min(ledger.made, ledger.acked + MAX_CLICKS_PER_SEND) };
}

/**
 * The ledger once the server says every click up to `acked` is counted. Confirmations only move
 * forward (an old answer arriving late changes nothing), and never past what was made here unless
 * the server knows of more (storage restored from an older copy): then there are none waiting.
 */
export function confirm(ledger: Ledger, acked: unknown): Ledger {
  if (!isCount(acked) || acked <= ledger.acked) return ledger;
  return { ...ledger, acked, made: Math.max(ledger.made, acked) };
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

/** A device id no other browser will make. */
export const newDeviceId = (): string =>
  typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}-${Math.random().toString(36).slice(2, 12)}`;
