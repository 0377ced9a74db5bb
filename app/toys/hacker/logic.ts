/** A new confession every 1.5 s (spec section 4). */
export const LINE_EVERY_MS = 1500;
/** The console keeps the newest lines only, so the page never grows without limit. */
export const MAX_LINES = 100;

/** A fake process id and timestamp prefix, so lines look like a real log. */
export function linePrefix(id: number): string {
  const pid = (1000 + ((id * 7919) % 9000)).toString();
  return `[pid ${pid}] root@mainframe:~$`;
}
