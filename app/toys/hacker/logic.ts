/** A new confession every 1.5 s (spec section 4). */
export const LINE_EVERY_MS = 1500;
/**
 * The console keeps the newest lines only, so the page never grows without limit: when a line makes
 * more than MAX_LINES, the oldest go at once, down to the newest LINES_AFTER_TRIM (a removal moves
 * every line after it, a frame's work; twenty at a time, once in 30 s, rather than at every line).
 */
export const MAX_LINES = 100;
export const LINES_AFTER_TRIM = 80;

/** How many lines the console holds once `made` lines have come (and the frames after the last). */
export function linesKept(made: number): number {
  if (made <= MAX_LINES) return made;
  const overEachTrim = MAX_LINES + 1 - LINES_AFTER_TRIM;
  return LINES_AFTER_TRIM + ((made - MAX_LINES - 1) % overEachTrim);
}

/** A fake process id and timestamp prefix, so lines look like a real log. */
export function linePrefix(id: number): string {
  const pid = (1000 + ((id * 7919) % 9000)).toString();
  return `[pid ${pid}] root@mainframe:~$`;
}
