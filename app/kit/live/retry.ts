/**
 * How long to wait before trying again after `failures` failures in a row: `base`, doubling, at
 * most `max`, each wait shortened by up to a fifth at random so that every tab of every visitor
 * does not come back in the same second after the server does.
 */
export function retryDelay(failures: number, random: () => number = Math.random, base = 2000, max = 32_000): number {
  const full = Math.min(base * 2 ** Math.max(0, failures - 1), max);
  return Math.round(full * (1 - 0.2 * random()));
}

/** The window full jitter draws from after `failures` failures in a row: `base`, doubling, at most `max`. */
export function backoffWindow(failures: number, base = 1000, max = 30_000): number {
  return Math.min(base * 2 ** Math.max(0, failures - 1), max);
}

/**
 * "Full jitter" (the pause is anywhere from nothing to the doubled backoff, at random): when a
 * server comes back, thousands of pages that lost it in the same instant come back spread over the
 * whole window instead of in a few waves. (After the server's goodbye, ComeBackSchedule below.)
 */
export function jitteredDelay(
  failures: number,
  {
    random = Math.random,
    base = 1000,
    max = 30_000,
  }: {
    random?: () => number;
    base?: number;
    max?: number;
  } = {},
): number {
  return Math.round(backoffWindow(failures, base, max) * random());
}

/**
 * The tries of a page the server said goodbye to, asking it to come back within `window` ms
 * (docs/decisions/0005-reconnect-storm.md): the first at a moment drawn once, anywhere in the
 * window, then each at least a window after the one before, the gaps fixed (the backoff's, never
 * shorter than the window) and the same for every page. However long the server takes to return,
 * the first try of each page after it is back then falls at most once in any stretch of `window`
 * ms, uniformly: the pages that were cut together come back no denser than `pages / window`,
 * which is what the goodbye asked for. A fresh random pause after each refused try would not hold
 * this: the pages that tried too early would come back bunched in the seconds after the server
 * did (two fresh clones of f135d89: 218 and 285 of 2,000 pages in one quarter second).
 */
export interface ComeBackSchedule {
  /** The moment of the next try (ms on the clock `now` is read from), after `now`. */
  nextTry(now: number): number;
}

export function comeBackSchedule(window: number, now: number, random: () => number = Math.random): ComeBackSchedule {
  let next = now + Math.round(window * random());
  let tries = 0;
  return {
    nextTry(at) {
      if (tries > 0) {
        const gap = Math.max(window, backoffWindow(tries + 1));
        next += gap;
        // A try that took longer than its gap (an upgrade that hung): the next moment on the same
        // beat, so the page keeps its place among the others.
        if (next < at) next += Math.ceil((at - next) / gap) * gap;
      }
      tries++;
      return next;
    },
  };
}
