export interface Position {
  x: number;
  y: number;
}

export const PIECE_SIZE = 120;
export const BOARD = { width: 320, height: 565 };
/** Arrow keys move a piece this many px. */
export const KEY_STEP = 10;
/** Dropped this close to its slot, a piece snaps… almost. */
export const SNAP_DISTANCE = 45;

/** Where each of the four pieces belongs. */
export const SLOTS: readonly Position[] = [
  { x: 35, y: 20 },
  { x: 165, y: 20 },
  { x: 35, y: 150 },
  { x: 165, y: 150 },
];
/** Where the pieces start: scattered in the tray below the frame. */
export const STARTS: readonly Position[] = [
  { x: 178, y: 432 },
  { x: 22, y: 296 },
  { x: 178, y: 296 },
  { x: 22, y: 432 },
];
/** How far from perfect each piece always ends up. Never zero: the puzzle is impossible. */
export const MISFITS: readonly Position[] = [
  { x: 7, y: -6 },
  { x: -8, y: 5 },
  { x: 6, y: 9 },
  { x: -9, y: -7 },
];

export type Drop = { position: Position; result: "almost" | "nowhere" };

const clampToBoard = (p: Position): Position => ({
  x: Math.max(0, Math.min(BOARD.width - PIECE_SIZE / 2, p.x)),
  y: Math.max(0, Math.min(BOARD.height - PIECE_SIZE / 2, p.y)),
});

/** Where a dropped piece ends up: near its slot it snaps to *almost* the right place. */
export function dropPiece(piece: number, at: Position): Drop {
  const slot = SLOTS[piece] as Position;
  const misfit = MISFITS[piece] as Position;
  if (Math.hypot(at.x - slot.x, at.y - slot.y) <= SNAP_DISTANCE) {
    return { position: { x: slot.x + misfit.x, y: slot.y + misfit.y }, result: "almost" };
  }
  return { position: clampToBoard(at), result: "nowhere" };
}

const KEYS: Record<string, Position> = {
  ArrowUp: { x: 0, y: -KEY_STEP },
  ArrowDown: { x: 0, y: KEY_STEP },
  ArrowLeft: { x: -KEY_STEP, y: 0 },
  ArrowRight: { x: KEY_STEP, y: 0 },
};

/** A piece moved by an arrow key; null for other keys. */
export function nudgePiece(at: Position, key: string): Position | null {
  const d = KEYS[key];
  return d ? clampToBoard({ x: at.x + d.x, y: at.y + d.y }) : null;
}

/** Is the puzzle solved? No. It is never solved. */
export function isSolved(positions: readonly Position[]): boolean {
  return positions.every((p, i) => p.x === SLOTS[i]?.x && p.y === SLOTS[i]?.y);
}
