/** A source of numbers in [0, 1). Toys take one as a parameter so tests can be deterministic. */
export type Random = () => number;

/** An integer from min to max, both included. */
export function randomInt(min: number, max: number, random: Random = Math.random): number {
  return min + Math.floor(random() * (max - min + 1));
}

/** A real number from min (included) to max (excluded). */
export function randomBetween(min: number, max: number, random: Random = Math.random): number {
  return min + random() * (max - min);
}

/** One item of a non-empty list. */
export function pickOne<T>(items: readonly T[], random: Random = Math.random): T {
  if (items.length === 0) throw new Error("pickOne needs at least one item");
  return items[Math.floor(random() * items.length)] as T;
}

/** A new array with the items in random order (Fisher-Yates). */
export function shuffled<T>(items: readonly T[], random: Random = Math.random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** A small seeded generator (mulberry32), for tests and reproducible content. */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
