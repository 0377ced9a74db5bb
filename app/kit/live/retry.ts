/**
 * How long to wait before trying again after `failures` failures in a row: `base`, doubling, at
 * most `max`, each wait shortened by up to a fifth at random so that every tab of every visitor
 * does not come back in the same second after the server does.
 */
export function retryDelay(failures: number, random: () => number = Math.random, base = 2000, max = 32_000): number {
  const full = Math.min(base * 2 ** Math.max(0, failures - 1), max);
  return Math.round(full * (1 - 0.2 * random()));
}

/**
 * "Full jitter" (the pause is anywhere from nothing to the doubled backoff, at random): when a
 * server comes back, thousands of pages that lost it in the same instant come back spread over the
 * whole window instead of in a few waves. `atLeast` is a window the server asked for itself (its
 * goodbye when it stops), which the pause is spread over when it is longer.
 */
export function jitteredDelay(
  failures: number,
  {
    random = Math.random,
    base = 1000,
    max = 30_000,
    atLeast = 0,
  }: {
    random?: () => number;
    base?: number;
    max?: number;
    atLeast?: number;
  } = {},
): number {
  const window = Math.max(Math.min(base * 2 ** Math.max(0, failures - 1), max), atLeast);
  return Math.round(window * random());
}
