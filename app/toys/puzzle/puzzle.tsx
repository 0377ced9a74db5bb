import { type KeyboardEvent, type PointerEvent, useRef, useState } from "react";
import { ToyPage } from "../../kit/ui/toy-page";
import { BOARD, dropPiece, nudgePiece, PIECE_SIZE, type Position, SLOTS, STARTS } from "./logic";
import { PieceArt } from "./piece-art";

const PLACES = ["top left", "top right", "bottom left", "bottom right"];

export function Puzzle() {
  const [positions, setPositions] = useState<Position[]>(() => [...STARTS]);
  const [message, setMessage] = useState("");
  const drag = useRef<{ piece: number; startX: number; startY: number; from: Position } | null>(null);

  const place = (piece: number, to: Position) => setPositions((all) => all.map((p, i) => (i === piece ? to : p)));

  function drop(piece: number, at: Position) {
    const result = dropPiece(piece, at);
    place(piece, result.position);
    setMessage(
      result.result === "almost"
        ? `Piece ${piece + 1} almost fits. Almost. So close. Not quite.`
        : `Piece ${piece + 1} is nowhere near its spot.`,
    );
  }

  function onPointerDown(piece: number, event: PointerEvent<HTMLButtonElement>) {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { piece, startX: event.clientX, startY: event.clientY, from: positions[piece] as Position };
  }
  function onPointerMove(event: PointerEvent<HTMLButtonElement>) {
    const d = drag.current;
    if (!d) return;
    place(d.piece, { x: d.from.x + event.clientX - d.startX, y: d.from.y + event.clientY - d.startY });
  }
  function onPointerUp(event: PointerEvent<HTMLButtonElement>) {
    const d = drag.current;
    if (!d) return;
    drag.current = null;
    drop(d.piece, { x: d.from.x + event.clientX - d.startX, y: d.from.y + event.clientY - d.startY });
  }
  // A cancelled drag (the system took the pointer) is no drop: the piece stays where it was let go.
  function onPointerCancel() {
    drag.current = null;
  }
  function onKeyDown(piece: number, event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      drop(piece, positions[piece] as Position);
      return;
    }
    const to = nudgePiece(positions[piece] as Position, event.key);
    if (to) {
      event.preventDefault();
      place(piece, to);
    }
  }

  return (
    <ToyPage
      title="Impossible Puzzle"
      intro="Four pieces. One frame. Drag them into place (or use the arrow keys, then Enter)."
    >
      <div
        className="relative rounded-3xl bg-white/15 ring-2 ring-white/40"
        style={{ width: BOARD.width, height: BOARD.height }}
      >
        {SLOTS.map((slot, i) => (
          <div
            key={PLACES[i]}
            aria-hidden="true"
            className="absolute rounded-md border-2 border-dashed border-white/60"
            style={{ left: slot.x, top: slot.y, width: PIECE_SIZE, height: PIECE_SIZE }}
          />
        ))}
        {positions.map((p, i) => (
          <button
            key={PLACES[i]}
            type="button"
            aria-label={`Piece ${i + 1}, belongs ${PLACES[i]}. Arrow keys move it, Enter drops it.`}
            onPointerDown={(event) => onPointerDown(i, event)}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerCancel}
            onKeyDown={(event) => onKeyDown(i, event)}
            data-piece={i + 1}
            className="absolute top-0 left-0 cursor-grab touch-none rounded-md active:cursor-grabbing"
            style={{ width: PIECE_SIZE, height: PIECE_SIZE, transform: `translate(${p.x}px, ${p.y}px)` }}
          >
            <PieceArt piece={i} />
          </button>
        ))}
      </div>
      <p role="status" className="min-h-7 text-lg font-semibold">
        {message}
      </p>
    </ToyPage>
  );
}
