import { pickOne, type Random } from "../../kit/lib/random";

/** The 8 alert texts (spec section 9). */
export const ALERTS = [
  "Your computer has too much free time.",
  "Warning: you are reading a popup.",
  "Congratulations! You are the 1,000,000th visitor of this popup.",
  "Error: no error found. This is concerning.",
  "Your session will expire in 3… 2… just kidding.",
  "A wild popup appeared! It used CONFUSE.",
  "Are you sure you want to be sure?",
  "This popup has been certified 100% pointless.",
] as const;

/** However many clicks, at most this many popups are open. */
export const MAX_POPUPS = 30;
/** Arrow keys move a popup this many px. */
export const NUDGE = 16;
export const POPUP_SIZE = { width: 288, height: 170 };

export interface Position {
  x: number;
  y: number;
}

export interface Popup extends Position {
  id: number;
  text: string;
}

/** Keeps a popup fully inside the viewport (or at its top-left corner if it does not fit). */
export function clampPosition(p: Position, viewport: { width: number; height: number }): Position {
  return {
    x: Math.max(0, Math.min(p.x, viewport.width - POPUP_SIZE.width)),
    y: Math.max(0, Math.min(p.y, viewport.height - POPUP_SIZE.height)),
  };
}

export interface Rect extends Position {
  width: number;
  height: number;
}

const overlaps = (p: Position, r: Rect) =>
  p.x < r.x + r.width && p.x + POPUP_SIZE.width > r.x && p.y < r.y + r.height && p.y + POPUP_SIZE.height > r.y;

/** How many random spots are tried before a popup may land on the area it should avoid. */
export const SPAWN_TRIES = 25;

/**
 * A new popup somewhere random on screen, with one of the 8 texts. It tries not to land on `avoid`
 * (the button that opens popups, so the next click always reaches it) and gives up after SPAWN_TRIES.
 */
export function spawnPopup(
  id: number,
  viewport: { width: number; height: number },
  random: Random,
  avoid?: Rect,
): Popup {
  const text = pickOne(ALERTS, random);
  let at: Position = { x: 0, y: 0 };
  for (let i = 0; i < SPAWN_TRIES; i++) {
    at = clampPosition(
      {
        x: Math.floor(random() * (viewport.width - POPUP_SIZE.width)),
        y: 64 + Math.floor(random() * (viewport.height - POPUP_SIZE.height - 64)),
      },
      viewport,
    );
    if (!avoid || !overlaps(at, avoid)) break;
  }
  return { id, text, ...at };
}

const KEYS: Record<string, Position> = {
  ArrowUp: { x: 0, y: -NUDGE },
  ArrowDown: { x: 0, y: NUDGE },
  ArrowLeft: { x: -NUDGE, y: 0 },
  ArrowRight: { x: NUDGE, y: 0 },
};

/** Where an arrow key moves a popup; null for other keys. */
export function nudge(p: Position, key: string, viewport: { width: number; height: number }): Position | null {
  const d = KEYS[key];
  return d ? clampPosition({ x: p.x + d.x, y: p.y + d.y }, viewport) : null;
}
