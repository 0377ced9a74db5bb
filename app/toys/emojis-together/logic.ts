import { decodeCells, emojiAt, encodeCells, WALL_COLUMNS, WALL_SIZE, type WallCells } from "../../../contracts/wall";

/**
 * The shared wall's rules on the page: names of cells, keys of the grid, the cooldown's words and
 * the wall kept between visits. Pure functions, no DOM. (Applying what the server sends is
 * contracts/wall.ts's, shared with the server's tests.)
 */

/** "Row 3, column 7": where a cell is, as its name says it (1-based). */
export const cellPlace = (cell: number) =>
  `Row ${Math.floor(cell / WALL_COLUMNS) + 1}, column ${(cell % WALL_COLUMNS) + 1}`;

/**
 * A cell's accessible name: its place and what it shows, its emoji, "blank", or "not loaded"
 * while the page has no wall to show (`byte` undefined).
 */
export function cellLabel(cell: number, byte: number | undefined): string {
  if (byte === undefined) return `${cellPlace(cell)}: not loaded`;
  return `${cellPlace(cell)}: ${emojiAt(byte)?.char ?? "blank"}`;
}

/**
 * The cell focus moves to from `cell` on a key: the arrows by one cell (stopping at the edges),
 * Home and End to the row's ends, with Ctrl the wall's first and last cells. Null for any other key.
 */
export function nextCell(cell: number, key: string, ctrl = false): number | null {
  const column = cell % WALL_COLUMNS;
  const rowStart = cell - column;
  const moves: Record<string, number> = {
    ArrowLeft: column > 0 ? cell - 1 : cell,
    ArrowRight: column < WALL_COLUMNS - 1 ? cell + 1 : cell,
    ArrowUp: cell >= WALL_COLUMNS ? cell - WALL_COLUMNS : cell,
    ArrowDown: cell + WALL_COLUMNS < WALL_SIZE ? cell + WALL_COLUMNS : cell,
    Home: ctrl ? 0 : rowStart,
    End: ctrl ? WALL_SIZE - 1 : rowStart + WALL_COLUMNS - 1,
  };
  return Object.hasOwn(moves, key) ? (moves[key] as number) : null;
}

/**
 * What a row of the wall shows, as a short string, one character per cell: "?" not loaded, "A" +
 * its byte, or "a" + the byte of a paint of this page's still on its way. A row re-renders only
 * when this changes.
 */
export function rowState(cells: WallCells | null, mine: ReadonlyMap<number, number>, row: number): string {
  let state = "";
  for (let cell = row * WALL_COLUMNS; cell < (row + 1) * WALL_COLUMNS; cell++) {
    const painting = mine.get(cell);
    if (painting !== undefined) state += String.fromCharCode(97 + painting + 1);
    else state += cells ? String.fromCharCode(65 + (cells[cell] ?? 0)) : "?";
  }
  return state;
}

/** Cell `k` of a row's state: its byte (undefined: not loaded), and whether it is this page's paint on its way. */
export function cellOfRow(state: string, k: number): { byte: number | undefined; mine: boolean } {
  const code = state.charCodeAt(k);
  if (Number.isNaN(code) || state[k] === "?") return { byte: undefined, mine: false };
  return code >= 97 ? { byte: code - 97, mine: true } : { byte: code - 65, mine: false };
}

export const paintAgainIn = (seconds: number) => `You can paint again in ${seconds} s.`;

/** The last wall this browser saw, as kept in storage. */
export const savedWallText = (cells: WallCells, seenAt: number) =>
  JSON.stringify({ cells: encodeCells(cells), seenAt });

/** The wall kept in storage, checked like a message (storage may hold anything), or null. */
export function readSavedWall(text: string | null | undefined): { cells: WallCells; seenAt: number } | null {
  try {
    const saved = JSON.parse(text ?? "null") as { cells?: unknown; seenAt?: unknown } | null;
    const cells = decodeCells(saved?.cells);
    const seenAt = saved?.seenAt;
    if (!cells || typeof seenAt !== "number" || !Number.isSafeInteger(seenAt) || seenAt <= 0) return null;
    return { cells, seenAt };
  } catch {
    return null;
  }
}
