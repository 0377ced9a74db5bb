import { bytesFor, countPopped, type Sheet } from "../../../contracts/bubbles";
import { readItem, writeItem } from "../../kit/lib/storage";
import { fromBase64, toBase64 } from "./logic";

/**
 * What the shared sheet keeps in this browser's storage: the last sheet it saw (shown while there
 * is no server or connection), and this page's pops the server has not confirmed yet. Read back
 * untrusted, checked like a message.
 */
const SHEET_KEY = "sharedBubbleSheet";
const PENDING_KEY = "sharedBubblePending";

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

/** This page's unconfirmed pops, with the sheet they are for. */
export function readPending(): { sheet: number; i: number[] } | null {
  try {
    const saved = JSON.parse(readItem(PENDING_KEY) || "null") as { sheet?: unknown; i?: unknown } | null;
    if (!saved || !Number.isSafeInteger(saved.sheet) || !Array.isArray(saved.i)) return null;
    const i = saved.i.filter((n): n is number => Number.isSafeInteger(n) && n >= 0).slice(0, 10_000);
    return { sheet: saved.sheet as number, i };
  } catch {
    return null;
  }
}

export function writePending(sheet: number | undefined, mine: ReadonlySet<number>): void {
  if (mine.size === 0 || sheet === undefined) clearPending();
  else writeItem(PENDING_KEY, JSON.stringify({ sheet, i: [...mine] }));
}

export function clearPending(): void {
  writeItem(PENDING_KEY, "");
}
