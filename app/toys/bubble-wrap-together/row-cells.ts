/**
 * A row of the shared sheet written as plain DOM: a grid cell and a button per bubble ("Bubble N",
 * pressed once popped), made once for the row and then changed only where a bubble's state or the
 * tab stop changed. The grid (bubble-grid.tsx) keeps the rows in React; the few hundred buttons in
 * view are cheaper as DOM than as React elements (with the rows drawn in one frame, the page's
 * main-thread time at 8x CPU in the 5 s after its paint fell by a third: docs/performance.md).
 */

/** What a row shows now: which bubbles, their state ("1" popped), the one in the tab order (or -1). */
export interface DrawnRow {
  start: number;
  end: number;
  state: string;
  tabStop: number;
}

// Whole and popped, as the CSS of the page knows them (Tailwind reads these strings in the source).
const BUTTON = "block size-full rounded-full transition-transform duration-150 motion-reduce:transition-none";
const WHOLE = `${BUTTON} border-2 border-white bg-sky-200 hover:scale-105 group-aria-disabled:opacity-60`;
const POPPED = `${BUTTON} scale-75 bg-white/10 ring-1 ring-white/30`;

/** A grid cell with its button, made whole from a template and filled in while still detached. */
let template: HTMLElement | undefined;
function cell(i: number, popped: boolean, tabbable: boolean): HTMLElement {
  if (!template) {
    template = document.createElement("div");
    template.setAttribute("role", "gridcell");
    template.className = "size-10 p-0.5";
    const button = document.createElement("button");
    button.type = "button";
    template.append(button);
  }
  const cell = template.cloneNode(true) as HTMLElement;
  const button = cell.firstElementChild as HTMLButtonElement;
  button.dataset.i = String(i);
  button.setAttribute("aria-label", `Bubble ${i + 1}`);
  show(button, popped);
  button.tabIndex = tabbable ? 0 : -1;
  return cell;
}

function show(button: HTMLButtonElement, popped: boolean) {
  button.setAttribute("aria-pressed", String(popped));
  button.className = popped ? POPPED : WHOLE;
}

/**
 * Brings `row`'s buttons to `next` from what `drawn` said they showed (null: nothing yet), touching
 * only what changed, and returns what they show now. A new row's cells are made in full before they
 * join the page, and join it at once.
 */
export function drawRow(row: HTMLElement, drawn: DrawnRow | null, next: DrawnRow): DrawnRow {
  if (!drawn || drawn.start !== next.start || drawn.end !== next.end) {
    const cells: HTMLElement[] = [];
    for (let i = next.start; i < next.end; i++)
      cells.push(cell(i, next.state[i - next.start] === "1", next.tabStop === i));
    // A bubble in focus keeps it when the sheet's width changes (a rotated phone): its new button takes it.
    const focused = row.contains(document.activeElement)
      ? (document.activeElement as HTMLElement).dataset.i
      : undefined;
    row.replaceChildren(...cells);
    if (focused !== undefined) row.querySelector<HTMLElement>(`[data-i="${focused}"]`)?.focus({ preventScroll: true });
    return next;
  }
  for (let i = next.start; i < next.end; i++) {
    const k = i - next.start;
    const button = row.children[k]?.firstElementChild as HTMLButtonElement | undefined;
    if (!button) continue;
    if (drawn.state[k] !== next.state[k]) show(button, next.state[k] === "1");
    if ((drawn.tabStop === i) !== (next.tabStop === i)) button.tabIndex = next.tabStop === i ? 0 : -1;
  }
  return next;
}
