/**
 * Emoji Wall for Everyone: one wall of 200 cells that every visitor paints, as the page and the
 * server both see it. A cell is blank until someone paints it with an emoji of the palette; the
 * last paint of a cell wins. Each visitor paints one cell every few seconds (the cooldown, kept per
 * client address for the whole fleet). Imported by both sides; imports nothing.
 */

export const WALL_TOPIC = "wall";

/** `GET` answers the wall as JSON (for pages without the live channel, and to tell "no server here"). */
export const WALL_PATH = "/api/wall";

/** 200 cells, as the Emoji Wall has tiles (spec section 9), in rows of ten. */
export const WALL_SIZE = 200;
export const WALL_COLUMNS = 10;
export const WALL_ROWS = WALL_SIZE / WALL_COLUMNS;

/**
 * The emojis a cell may be painted with, each with the name a screen reader says: the Emoji Wall's
 * sixteen (app/toys/emojis reads them as data made at build time: scripts/build/wall-palette-module.ts).
 * A paint names one by its index, never by text.
 */
export const PALETTE: readonly { char: string; name: string }[] = [
  { char: "😀", name: "grinning face" },
  { char: "😂", name: "tears of joy" },
  { char: "🥳", name: "party face" },
  { char: "😎", name: "cool face" },
  { char: "🤪", name: "zany face" },
  { char: "🙃", name: "upside-down face" },
  { char: "🦄", name: "unicorn" },
  { char: "🐸", name: "frog" },
  { char: "🍕", name: "pizza" },
  { char: "🌮", name: "taco" },
  { char: "🚀", name: "rocket" },
  { char: "🌈", name: "rainbow" },
  { char: "🔥", name: "fire" },
  { char: "💩", name: "pile of poo" },
  { char: "👻", name: "ghost" },
  { char: "🤖", name: "robot" },
];

/**
 * Messages a page may send on the topic (contracts/live.ts MessageLimit): a paint every few
 * seconds, its retries, and a request for the whole wall after a gap. More is a flood, and closes
 * the channel; the page's outbox sends no faster.
 */
export const WALL_MESSAGE_LIMIT = { burst: 8, perSecond: 2 } as const;

/** Seconds between two paints of one visitor unless the server is told otherwise (WALL_COOLDOWN_S). */
export const DEFAULT_COOLDOWN_S = 3;

/**
 * The wall in memory, on both sides: one byte per cell, 0 for a blank cell, else 1 + the palette
 * index of its emoji (the bytes Redis keeps, SETRANGE by SETRANGE).
 */
export type WallCells = Uint8Array;
export const BLANK = 0;
export const emptyCells = (): WallCells => new Uint8Array(WALL_SIZE);
/** The emoji of a cell's byte, or null for a blank cell (or a byte no palette index gives). */
export const emojiAt = (byte: number | undefined) => (byte ? (PALETTE[byte - 1] ?? null) : null);

/**
 * The wall as text on the wire and in storage: one character per cell, "." blank, else its
 * palette index in base 36 ("0".."f" for sixteen emojis). 200 characters.
 */
const DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz".slice(0, PALETTE.length);

export function encodeCells(cells: WallCells): string {
  let text = "";
  for (const byte of cells) text += byte === BLANK ? "." : (DIGITS[byte - 1] ?? ".");
  return text;
}

/** The cells of a wall's text, or null when it is not one `encodeCells` could have made. */
export function decodeCells(text: unknown): WallCells | null {
  if (typeof text !== "string" || text.length !== WALL_SIZE) return null;
  const cells = emptyCells();
  for (let i = 0; i < WALL_SIZE; i++) {
    const char = text[i] as string;
    if (char === ".") continue;
    const index = DIGITS.indexOf(char);
    if (index < 0) return null;
    cells[i] = index + 1;
  }
  return cells;
}

/** Whether a paint names a cell of the wall and an emoji of the palette. */
export const isCell = (cell: number) => Number.isSafeInteger(cell) && cell >= 0 && cell < WALL_SIZE;
export const isEmoji = (e: number) => Number.isSafeInteger(e) && e >= 0 && e < PALETTE.length;

// The topic on the live channel (contracts/live.ts). Server -> page: the whole wall (small enough
// to send as JSON), then the cells painted since, numbered (`seq`) so a page that comes back
// resumes from the last it saw.

/** The whole wall, as of message `seq` of the server process `epoch`. */
export interface WallMessage {
  topic: typeof WALL_TOPIC;
  t: "wall";
  seq: number;
  epoch: number;
  cells: string;
  /** The cooldown between two paints of one visitor, as this server keeps it. */
  cooldownMs: number;
}

/** Cells painted since the last message: [cell, palette index] pairs, each cell at most once. */
export interface CellsMessage {
  topic: typeof WALL_TOPIC;
  t: "cells";
  seq: number;
  c: [number, number][];
}

/**
 * Applies numbered painted cells to a wall, in place. `gap` says a message was missed (the page
 * then asks for the whole wall), `stale` that it is older than what the wall has.
 */
export function applyCells(
  wall: { cells: WallCells; seq: number },
  message: Pick<CellsMessage, "seq" | "c">,
): { gap: boolean; stale: boolean } {
  if (message.seq <= wall.seq) return { gap: false, stale: true };
  const gap = message.seq !== wall.seq + 1;
  for (const [cell, e] of message.c) if (isCell(cell) && isEmoji(e)) wall.cells[cell] = e + 1;
  wall.seq = message.seq;
  return { gap, stale: false };
}

// Page -> server.

/**
 * A paint's id: random, made by the page once per paint and sent with it every time it is sent
 * again (after a reconnect, or after the server restarted), so the server applies it once and
 * spends the visitor's cooldown once.
 */
export const PAINT_ID = /^[A-Za-z0-9_-]{8,40}$/;

/**
 * Paints `cell` (0-based, row by row) with palette emoji `e`; `n` numbers the request for its
 * answer, and `id` names the paint itself (PAINT_ID), the same on every resend.
 */
export interface PaintRequest {
  topic: typeof WALL_TOPIC;
  t: "paint";
  n: number;
  id: string;
  cell: number;
  e: number;
}

/**
 * A paint applied (server -> page): `ok`, with the cooldown this server keeps when it says so
 * (optional: a server of an earlier version says only `n`), so the page's countdown to the next
 * paint is the server's.
 */
export interface PaintOk {
  topic: typeof WALL_TOPIC;
  t: "ok";
  n: number;
  cooldownMs?: number;
}

/** Asks for the whole wall again (the page found a gap in the sequence). */
export interface SyncRequest {
  topic: typeof WALL_TOPIC;
  t: "sync";
}

/** The wall over plain HTTP (`GET WALL_PATH`). */
export interface WallJson {
  cells: string;
  cooldownMs: number;
}
