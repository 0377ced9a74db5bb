/** A sheet has 100 bubbles (spec section 9). */
export const BUBBLES = 100;

export function freshSheet(): boolean[] {
  return Array.from({ length: BUBBLES }, () => false);
}

/** Pops bubble i. A bubble pops once: popping it again changes nothing and scores nothing. */
export function pop(sheet: readonly boolean[], i: number): { sheet: boolean[]; scored: boolean } {
  if (i < 0 || i >= sheet.length || sheet[i]) return { sheet: [...sheet], scored: false };
  const next = [...sheet];
  next[i] = true;
  return { sheet: next, scored: true };
}
