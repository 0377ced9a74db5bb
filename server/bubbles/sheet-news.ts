import * as v from "valibot";
import { bytesFor, isPopped, setPopped } from "../../contracts/bubbles.ts";
import { busCount } from "../live/bus.ts";
import type { PopResult, StoredSheet } from "./store.ts";

/**
 * How one process's copy of the sheet keeps in step with the store: the news each write publishes
 * on the bus, what a copy takes from it, and what it takes from a read of the store. Plain
 * functions on the copy; the hub (hub.ts) owns it and sends what changed.
 */

/** What one server process publishes after each write, as the bus checks it (server/live/bus.ts). */
export const SheetNewsSchema = v.object({
  sheet: busCount,
  i: v.pipe(v.array(busCount), v.maxLength(1_000_000)),
  popped: busCount,
  finished: busCount,
  next: v.optional(busCount),
  /** The next sheet's size (absent from a process of an earlier build: the same size). */
  size: v.optional(busCount),
});
export type SheetNews = v.InferOutput<typeof SheetNewsSchema>;

/**
 * The news of a write to its sheet: the bubbles it popped first and those it was `asked` for that
 * were popped already (all popped now), or null when there are none and the sheet goes on.
 */
export function newsOf(result: PopResult, asked: readonly number[] = []): SheetNews | null {
  const i = [...new Set([...result.newly, ...asked])];
  const news: SheetNews = { sheet: result.sheet, i, popped: result.popped, finished: result.finished };
  if (result.next) {
    news.next = result.next;
    news.size = result.size;
  }
  return news.i.length > 0 || news.next ? news : null;
}

/** The bubbles `popped` on `copy` that it had not: counted, and pushed onto `outgoing`. */
export function takePops(copy: StoredSheet, popped: Iterable<number>, outgoing: number[]): void {
  for (const i of popped) {
    if (i >= 0 && i < copy.size && setPopped(copy.bits, i)) {
      copy.popped++;
      outgoing.push(i);
    }
  }
}

/** The empty sheet `next` that news of a finished sheet begins (at the size it names, or the copy's). */
export function nextSheet(copy: StoredSheet, next: number, news: Pick<SheetNews, "size" | "finished">): StoredSheet {
  const size = Number.isSafeInteger(news.size) && (news.size as number) > 0 ? (news.size as number) : copy.size;
  return { sheet: next, size, popped: 0, finished: news.finished, bits: new Uint8Array(bytesFor(size)) };
}

/** Whether the store's sheet is the copy, bubble for bubble. */
export function sameSheet(copy: StoredSheet, stored: StoredSheet): boolean {
  return (
    stored.sheet === copy.sheet &&
    stored.popped === copy.popped &&
    stored.bits.every((byte, k) => byte === copy.bits[k])
  );
}

/**
 * The store only ahead of this copy (the same sheet, every bubble popped here popped there too):
 * writes whose news is still on its way over the bus, read by a check that came first. Their
 * bubbles go out as pops, as the news would have sent them (which then finds them popped and
 * sends nothing); true when the copy is the store's then. Replacing the copy would send every
 * visitor the whole sheet for it, 1.25 KB on a sheet of 10,000, at every check of a busy sheet.
 */
export function catchUp(copy: StoredSheet, stored: StoredSheet, outgoing: number[]): boolean {
  if (stored.sheet !== copy.sheet || stored.size !== copy.size || stored.bits.length !== copy.bits.length) return false;
  for (let k = 0; k < copy.bits.length; k++) {
    if (((copy.bits[k] ?? 0) & ~(stored.bits[k] ?? 0)) !== 0) return false;
  }
  const popped: number[] = [];
  for (let i = 0; i < copy.size; i++) if (isPopped(stored.bits, i)) popped.push(i);
  takePops(copy, popped, outgoing);
  copy.finished = Math.max(copy.finished, stored.finished);
  return copy.popped === stored.popped;
}
