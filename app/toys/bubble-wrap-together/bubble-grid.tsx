import {
  type KeyboardEvent,
  memo,
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import type { Sheet } from "../../../contracts/bubbles";
import { formatCount } from "../../kit/lib/format-count";
import { CELL_PX, columnsFor, moveFocus, rowKey, visibleRows } from "./logic";
import { type DrawnRow, drawRow } from "./row-cells";

/**
 * Ten thousand bubbles, of which only the rows in view (and a few beyond) are in the page: a grid of
 * real buttons ("Bubble N", pressed once popped) in a scrolling box, with the arrow keys, Home, End,
 * Page Up and Page Down moving between them (one of them is in the tab order at a time). A row
 * re-renders only when one of its bubbles changes, so pops arriving by the hundred a second touch
 * a handful of buttons.
 */
export const BubbleGrid = memo(function BubbleGrid({
  sheet,
  mine,
  size,
  poppable,
  onPop,
}: {
  sheet: Sheet | null;
  mine: ReadonlySet<number>;
  size: number;
  poppable: boolean;
  onPop: (i: number) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [columns, setColumns] = useState(0);
  const [view, setView] = useState({ top: 0, height: 0 });
  const [focus, setFocus] = useState(0);
  const wantsFocus = useRef(false);

  // The rows are drawn after the page has hydrated, all those in view at once, a frame later: drawn in
  // the hydration's task, they made one long task of it. Drawn a few rows a frame, each frame styled,
  // laid out and painted the grid again: at 8x CPU, eight rows a frame cost a fifth more main-thread
  // work than all in one (1,537 against 1,269 ms in the 5 s after the paint, nine loads each; issue
  // 63). The box has its size from the start, so nothing moves when they come.
  const [drawable, setDrawable] = useState(false);
  useEffect(() => {
    if (columns === 0 || drawable) return;
    const next = requestAnimationFrame(() => startTransition(() => setDrawable(true)));
    return () => cancelAnimationFrame(next);
  }, [columns, drawable]);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () =>
      startTransition(() => {
        setColumns(columnsFor(element.clientWidth - 16));
        setView({ top: element.scrollTop, height: element.clientHeight });
      });
    measure();
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => observer?.disconnect();
  }, []);

  const frame = useRef(0);
  const onScroll = useCallback(() => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => {
      const element = box.current;
      if (element) setView({ top: element.scrollTop, height: element.clientHeight });
    });
  }, []);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  const rows = columns > 0 ? Math.ceil(size / columns) : 0;
  const visible = visibleRows(view.top, view.height, rows);
  const { first } = visible;
  const last = drawable ? visible.last : first - 1;

  // Focus follows the keys: the bubble's row is scrolled into view, then drawn, then focused.
  useLayoutEffect(() => {
    if (!wantsFocus.current) return;
    const button = box.current?.querySelector<HTMLButtonElement>(`[data-i="${focus}"]`);
    if (!button) return;
    wantsFocus.current = false;
    button.focus({ preventScroll: true });
  });

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const element = box.current;
    if (!element || columns === 0) return;
    const pageRows = Math.max(1, Math.floor(element.clientHeight / CELL_PX) - 1);
    const next = moveFocus(focus, event.key, { columns, size, pageRows, ctrl: event.ctrlKey || event.metaKey });
    if (next === null) return;
    event.preventDefault();
    const top = Math.floor(next / columns) * CELL_PX;
    if (top < element.scrollTop) element.scrollTop = top;
    else if (top + CELL_PX > element.scrollTop + element.clientHeight)
      element.scrollTop = top + CELL_PX - element.clientHeight;
    wantsFocus.current = true;
    setFocus(next);
    setView({ top: element.scrollTop, height: element.clientHeight });
  }

  const onClick = useCallback(
    (event: React.MouseEvent<HTMLDivElement>) => {
      const button = (event.target as HTMLElement).closest<HTMLButtonElement>("button[data-i]");
      if (!button) return;
      const i = Number(button.dataset.i);
      setFocus(i);
      onPop(i);
    },
    [onPop],
  );

  // One bubble is in the tab order: the focused one, or the first in view when it is scrolled away.
  const tabStop = focus >= first * columns && focus < (last + 1) * columns ? focus : first * columns;
  const drawn = [];
  if (columns > 0) {
    for (let r = first; r <= last; r++) {
      const start = r * columns;
      const end = Math.min(size, start + columns);
      drawn.push(
        <Row
          key={r}
          row={r}
          start={start}
          end={end}
          state={rowKey(sheet, mine, start, end)}
          tabStop={tabStop >= start && tabStop < end ? tabStop : -1}
        />,
      );
    }
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: a virtual grid of buttons is the ARIA grid pattern
    <div
      ref={box}
      role="grid"
      aria-label={`Shared bubble wrap, ${formatCount(size)} bubbles`}
      aria-rowcount={rows}
      aria-colcount={columns}
      // Going live (or away) is this one attribute: disabled, the grid's buttons are too (ARIA
      // hands a container's aria-disabled to every focusable element in it), and their look follows
      // by CSS (group-aria-disabled). No row renders again for it (issue 63).
      aria-disabled={!poppable || undefined}
      tabIndex={-1}
      onScroll={onScroll}
      onKeyDown={onKeyDown}
      onClick={onClick}
      onFocus={(event) => {
        const i = Number((event.target as HTMLElement).dataset.i);
        if (Number.isInteger(i)) setFocus(i);
      }}
      className="scrollbar-pale group h-[min(60vh,34rem)] w-full overflow-y-auto overscroll-contain rounded-2xl bg-white/15 p-2"
    >
      <div className="relative" style={{ height: rows * CELL_PX }}>
        {drawn}
      </div>
    </div>
  );
});

const Row = memo(function Row({
  row,
  start,
  end,
  state,
  tabStop,
}: {
  row: number;
  start: number;
  end: number;
  /** One character per bubble, "1" popped: the row re-renders only when it changes. */
  state: string;
  /** The bubble of this row in the tab order, or -1. */
  tabStop: number;
}) {
  // The row's bubbles are written as plain DOM (row-cells.ts), not as React elements: a phone's
  // sheet has a few hundred of them (issue 63: with the rows drawn in one frame, a third less
  // main-thread time as the page fills). React keeps the rows; each row keeps its buttons.
  const element = useRef<HTMLDivElement>(null);
  const drawn = useRef<DrawnRow | null>(null);
  useLayoutEffect(() => {
    if (element.current) drawn.current = drawRow(element.current, drawn.current, { start, end, state, tabStop });
  }, [start, end, state, tabStop]);
  return (
    // biome-ignore lint/a11y/useSemanticElements: rows of the ARIA grid above
    // biome-ignore lint/a11y/useFocusableInteractive: its buttons take focus
    <div
      ref={element}
      role="row"
      aria-rowindex={row + 1}
      className="absolute inset-x-0 flex justify-center"
      style={{ top: row * CELL_PX }}
    />
  );
});
