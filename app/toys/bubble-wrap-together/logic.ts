import { isPopped, type Sheet } from "../../../contracts/bubbles";
import { formatCount } from "../../kit/lib/format-count";

/**
 * The arithmetic of a grid that only draws the rows in view, and the page's words. Pure functions,
 * no DOM. (Applying what the server sends is contracts/bubbles.ts's, shared with the server's tests.)
 */

/** Every bubble takes this many pixels each way, gap included. */
export const CELL_PX = 40;
/** Rows drawn beyond the visible ones, above and below, so a quick scroll shows no gap. */
export const OVERSCAN_ROWS = 4;

/** How many bubbles fit across `width` pixels (at least one). */
export const columnsFor = (width: number) => Math.max(1, Math.floor(width / CELL_PX));

/** The rows to draw for a box scrolled to `scrollTop` and `height` tall, `rows` in all. */
export function visibleRows(scrollTop: number, height: number, rows: number): { first: number; last: number } {
  const first = Math.max(0, Math.floor(scrollTop / CELL_PX) - OVERSCAN_ROWS);
  const last = Math.min(rows - 1, Math.ceil((scrollTop + height) / CELL_PX) + OVERSCAN_ROWS);
  return { first, last };
}

/**
 * Where focus goes from bubble `index` on a key: arrows by one bubble or one row, Home and End to
 * the row's ends (with Ctrl, the sheet's), Page Up and Down by `pageRows` rows. Null: not a key
 * the grid takes.
 */
export function moveFocus(
  index: number,
  key: string,
  { columns, size, pageRows, ctrl = false }: { columns: number; size: number; pageRows: number; ctrl?: boolean },
): number | null {
  const rowStart = index - (index % columns);
  const clamp = (i: number) => Math.min(size - 1, Math.max(0, i));
  switch (key) {
    case "ArrowRight":
      return clamp(index + 1);
    case "ArrowLeft":
      return clamp(index - 1);
    case "ArrowDown":
      return index + columns < size ? index + columns : index;
    case "ArrowUp":
      return index - columns >= 0 ? index - columns : index;
    case "Home":
      return ctrl ? 0 : rowStart;
    case "End":
      return ctrl ? size - 1 : clamp(rowStart + columns - 1);
    case "PageDown":
      return clamp(index + pageRows * columns);
    case "PageUp":
      return clamp(index - pageRows * columns);
    default:
      return null;
  }
}

/** A row's state as a short string: it changes exactly when one of its bubbles does. */
export function rowKey(sheet: Sheet | null, mine: ReadonlySet<number>, start: number, end: number): string {
  let key = "";
  for (let i = start; i < end; i++) key += sheet && (isPopped(sheet.bits, i) || mine.has(i)) ? "1" : "0";
  return key;
}

/** What the page says politely now and then: the sheet's progress and who is here. */
export function progressText(popped: number, size: number, here: number | null): string {
  const people = here === null ? "" : ` ${formatCount(here)} ${here === 1 ? "person" : "people"} here.`;
  return `${formatCount(popped)} of ${formatCount(size)} bubbles popped.${people}`;
}

/** Bytes as base64, and back (null for anything else): the sheet kept in storage between visits. */
export function toBase64(bytes: Uint8Array): string {
  let text = "";
  for (let k = 0; k < bytes.length; k += 0x8000) text += String.fromCharCode(...bytes.subarray(k, k + 0x8000));
  return btoa(text);
}

export function fromBase64(text: unknown): Uint8Array | null {
  if (typeof text !== "string") return null;
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}
