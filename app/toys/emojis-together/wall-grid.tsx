import { type KeyboardEvent, type MouseEvent, memo, useRef, useState } from "react";
import { emojiAt, WALL_COLUMNS, WALL_ROWS, type WallCells } from "../../../contracts/wall";
import { cn } from "../../kit/lib/cn";
import { cellLabel, cellOfRow, nextCell, rowState } from "./logic";

/**
 * The wall: 20 rows of 10 real buttons ("Row 3, column 7: 🎉") in an ARIA grid with one tab stop
 * (the arrows, Home and End move it; Enter or Space paints). Cheap on purpose: the whole wall is in
 * the pre-rendered page at its final size (empty cells until the wall arrives), a row re-renders
 * only when one of its cells changes, and one click and one key listener serve all 200 cells.
 */
export function WallGrid({
  cells,
  mine,
  disabled,
  onPaint,
  describedBy,
}: {
  cells: WallCells | null;
  mine: ReadonlyMap<number, number>;
  disabled: boolean;
  onPaint: (cell: number) => void;
  describedBy: string;
}) {
  const [focus, setFocus] = useState(0);
  const grid = useRef<HTMLDivElement>(null);
  const cellOf = (target: EventTarget) => Number((target as HTMLElement).closest("button")?.dataset.cell ?? Number.NaN);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const next = nextCell(focus, event.key, event.ctrlKey || event.metaKey);
    if (next === null) return;
    event.preventDefault();
    setFocus(next);
    grid.current?.querySelector<HTMLButtonElement>(`[data-cell="${next}"]`)?.focus();
  }

  function onClick(event: MouseEvent<HTMLDivElement>) {
    const cell = cellOf(event.target);
    if (Number.isInteger(cell)) onPaint(cell);
  }

  const rows = [];
  for (let row = 0; row < WALL_ROWS; row++) {
    const first = row * WALL_COLUMNS;
    rows.push(
      <Row
        key={row}
        row={row}
        state={rowState(cells, mine, row)}
        tabStop={focus >= first && focus < first + WALL_COLUMNS ? focus : -1}
      />,
    );
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements: a grid of buttons moved through with the arrows is the ARIA grid pattern
    <div
      ref={grid}
      role="grid"
      aria-label="The shared emoji wall, 20 rows of 10"
      aria-describedby={describedBy}
      // Painting allowed or not (live, the cooldown) is this one attribute: ARIA hands a
      // container's aria-disabled to every focusable element in it. No row renders again for it.
      aria-disabled={disabled || undefined}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onClick={onClick}
      onFocus={(event) => {
        const cell = cellOf(event.target);
        if (Number.isInteger(cell)) setFocus(cell);
      }}
      className="flex w-full max-w-md flex-col gap-1 rounded-2xl bg-white/15 p-2"
    >
      {rows}
    </div>
  );
}

const Row = memo(function Row({
  row,
  state,
  tabStop,
}: {
  row: number;
  /** What its cells show (logic.ts rowState): it re-renders only when this changes. */
  state: string;
  /** Its cell in the tab order, or -1. */
  tabStop: number;
}) {
  const cells = [];
  for (let k = 0; k < WALL_COLUMNS; k++) {
    const cell = row * WALL_COLUMNS + k;
    const { byte, mine } = cellOfRow(state, k);
    cells.push(
      // biome-ignore lint/a11y/useSemanticElements: cells of the ARIA grid; the button inside takes focus
      // biome-ignore lint/a11y/useFocusableInteractive: the button inside takes focus
      <div role="gridcell" key={cell}>
        <button
          type="button"
          data-cell={cell}
          tabIndex={cell === tabStop ? 0 : -1}
          aria-label={cellLabel(cell, byte)}
          className={cn(
            "emoji grid aspect-square w-full place-items-center rounded-md text-xl leading-none sm:text-2xl",
            byte === undefined ? "bg-white/5" : "bg-white/20 hover:bg-white/35",
            mine && "ring-2 ring-yellow-300",
          )}
        >
          {emojiAt(byte)?.char}
        </button>
      </div>,
    );
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements: rows of the ARIA grid above
    // biome-ignore lint/a11y/useFocusableInteractive: its buttons take focus
    <div role="row" aria-rowindex={row + 1} className="grid grid-cols-10 gap-1">
      {cells}
    </div>
  );
});
