import type { Random } from "../../kit/lib/random";
import { ADVICE, ENDINGS, GENERATED_COUNT, HANDWRITTEN, OPENERS, type Quote, WHO } from "./words";

/** 15 handwritten + 10 000 generated quotes. */
export const QUOTE_COUNT = HANDWRITTEN.length + GENERATED_COUNT;

/**
 * Quote number i, a pure function of i: the first 15 are handwritten, the rest are built from
 * parts (a mixed-radix number over openers, advice, endings and authors), so 10 000 quotes cost code,
 * not data.
 */
export function quoteAt(i: number): Quote {
  if (!Number.isInteger(i) || i < 0 || i >= QUOTE_COUNT) throw new RangeError(`no quote number ${i}`);
  if (i < HANDWRITTEN.length) return HANDWRITTEN[i] as Quote;
  let n = i - HANDWRITTEN.length;
  const digit = (size: number) => {
    const d = n % size;
    n = Math.floor(n / size);
    return d;
  };
  const opener = OPENERS[digit(OPENERS.length)];
  const advice = ADVICE[digit(ADVICE.length)];
  const ending = ENDINGS[digit(ENDINGS.length)];
  const who = WHO[digit(WHO.length)];
  return { quote: `${opener} ${advice}, ${ending}.`, author: who as string };
}

/** A random quote number different from the one shown. */
export function nextQuoteIndex(current: number | null, random: Random): number {
  const pick = Math.floor(random() * (QUOTE_COUNT - (current === null ? 0 : 1)));
  return current !== null && pick >= current ? pick + 1 : pick;
}
