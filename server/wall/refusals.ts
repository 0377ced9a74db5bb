import type { NoMessage } from "../../contracts/live.ts";
import { isCell, isEmoji, PALETTE, WALL_SIZE } from "../../contracts/wall.ts";

/** Why a paint is refused, for the page (in words, with `retryMs` when it may go later). */
export type PaintRefusal = Pick<NoMessage, "error" | "retryMs">;

/**
 * Why a paint is refused before the cooldown is asked, or null when it may go to it: a refused
 * paint never uses up the visitor's cooldown.
 */
export function paintRefusal(loaded: boolean, { cell, e }: { cell: number; e: number }): PaintRefusal | null {
  if (!loaded) return { error: "The wall is not here yet. Your paint waits.", retryMs: 1000 };
  if (!isCell(cell)) return { error: `There are only ${WALL_SIZE} cells on the wall.` };
  if (!isEmoji(e)) return { error: `Paint with one of the ${PALETTE.length} emojis of the palette.` };
  return null;
}

/** What a paint inside the cooldown (`everyS` seconds) is told, `leftS` seconds before the next may go. */
export const tooSoonWords = (everyS: number | string, leftS: number | string) =>
  `One paint every ${everyS} s: you can paint again in ${leftS} s.`;

/** A paint inside the visitor's cooldown: it may go in `waitMs` (the limit's own answer). */
export function tooSoon(waitMs: number, cooldownMs: number): PaintRefusal {
  const wait = Math.ceil(waitMs);
  return { error: tooSoonWords(Math.round(cooldownMs / 1000), Math.ceil(wait / 1000)), retryMs: wait };
}

/** The server is stopping and has made its last write: the paint goes to the next server. */
export const WALL_STOPPING: PaintRefusal = {
  error: "The server is restarting. Your paint waits.",
  retryMs: 2000,
};

/** The store did not take the paint in time: it waits and goes again. */
export const WALL_AWAY: PaintRefusal = {
  error: "The wall is out of reach for a moment. Your paint waits, and goes when it is back.",
  retryMs: 2000,
};
