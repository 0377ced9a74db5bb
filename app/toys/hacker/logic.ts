/** A new confession every 1.5 s (spec section 4). */
export const LINE_EVERY_MS = 1500;
/** The console keeps the newest lines only, so the page never grows without limit. */
export const MAX_LINES = 100;

export interface ConsoleLine {
  id: number;
  text: string;
}

/** Appends a line and drops the oldest ones beyond `max`. */
export function appendLine(lines: readonly ConsoleLine[], line: ConsoleLine, max = MAX_LINES): ConsoleLine[] {
  const next = [...lines, line];
  return next.length > max ? next.slice(next.length - max) : next;
}

/** A fake process id and timestamp prefix, so lines look like a real log. */
export function linePrefix(id: number): string {
  const pid = (1000 + ((id * 7919) % 9000)).toString();
  return `[pid ${pid}] root@mainframe:~$`;
}
