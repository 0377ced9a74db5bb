import { bytesFor, countPopped, type Sheet } from "../../../contracts/bubbles";
import { readItem, writeItem } from "../../kit/lib/storage";
import { fromBase64, toBase64 } from "./logic";

/**
 * What the shared sheet keeps in this browser's storage: the last sheet it saw (shown while there
 * is no server or connection), and each tab's pops the server has not confirmed yet. Read back
 * untrusted, checked like a message.
 */
const SHEET_KEY = "sharedBubbleSheet";
/** Each tab's unconfirmed pops: PENDING_PREFIX and the tab's id. */
export const PENDING_PREFIX = "sharedBubblePending:";
/** Where every tab kept them before (one key for all, taken over by the first tab that starts). */
export const LEGACY_PENDING_KEY = "sharedBubblePending";

/** The last sheet this browser saw, and when. */
export function readSheet(): { sheet: Sheet; seenAt: number } | null {
  try {
    const saved = JSON.parse(readItem(SHEET_KEY) ?? "null") as
      | (Omit<Sheet, "bits"> & { bits: string; seenAt: number })
      | null;
    const bits = fromBase64(saved?.bits);
    if (!saved || !bits || !Number.isSafeInteger(saved.size) || bits.length !== bytesFor(saved.size)) return null;
    const { sheet, size, finished, seenAt } = saved;
    if (![sheet, finished, seenAt].every(Number.isSafeInteger)) return null;
    return { sheet: { sheet, size, finished, seq: 0, epoch: 0, popped: countPopped(bits), bits }, seenAt };
  } catch {
    return null;
  }
}

export function writeSheet(sheet: Sheet, seenAt: number): void {
  writeItem(SHEET_KEY, JSON.stringify({ ...sheet, bits: toBase64(sheet.bits), seenAt }));
}

/**
 * This tab's unconfirmed pops, as kept in storage (app/kit/live/tab-stash.ts: a key per tab, under
 * PENDING_PREFIX), read back untrusted: each record the pops made on one sheet, at most 10,000.
 */
export interface Pending {
  sheet: number;
  i: number[];
}

export function pendingOf(value: unknown): Pending[] {
  const records = Array.isArray(value) ? value : [value];
  return records.flatMap((record) => {
    const { sheet, i } = (record ?? {}) as { sheet?: unknown; i?: unknown };
    if (!Number.isSafeInteger(sheet) || !Array.isArray(i)) return [];
    return [
      { sheet: sheet as number, i: i.filter((n): n is number => Number.isSafeInteger(n) && n >= 0).slice(0, 10_000) },
    ];
  });
}
