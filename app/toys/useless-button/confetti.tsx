import type { CSSProperties } from "react";
import type { ConfettiPiece } from "./logic";

export interface Burst {
  id: number;
  pieces: ConfettiPiece[];
}

/** Confetti bursts flying out of the button's centre; each piece is a compositor-only animation. */
export function Confetti({ bursts }: { bursts: readonly Burst[] }) {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 grid place-items-center">
      {bursts.map((burst) =>
        burst.pieces.map((piece, i) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: pieces of a burst never reorder
            key={`${burst.id}-${i}`}
            data-confetti=""
            className="confetti-piece absolute size-3 rounded-sm"
            style={
              {
                backgroundColor: piece.color,
                "--dx": `${piece.dx}px`,
                "--dy": `${piece.dy}px`,
                "--spin": `${piece.rotate}deg`,
              } as CSSProperties
            }
          />
        )),
      )}
    </div>
  );
}
