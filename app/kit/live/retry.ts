/**
 * How long to wait before trying again after `failures` failures in a row: `base`, doubling, at
 * most `max`, each wait shortened by up to a fifth at random so that every tab of every visitor
 * does not come back in the same second after the server does.
 */
export function retryDelay(failures: number, random: () => number = Math.random, base = 2000, max = 32_000): number {
  const full = Math.min(base * 2 ** Math.max(0, failures - 1), max);
  return Math.round(full * (1 - 0.2 * random()));
}
