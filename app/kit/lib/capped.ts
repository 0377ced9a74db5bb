/** Appends an item, dropping the oldest so that at most `max` remain. */
export function appendCapped<T>(items: readonly T[], item: T, max: number): T[] {
  const next = [...items, item];
  return next.length > max ? next.slice(next.length - max) : next;
}
