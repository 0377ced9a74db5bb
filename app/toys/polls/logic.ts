/** How long 'Thanks for voting!' stays before the next question (spec section 4). */
export const THANKS_MS = 1500;

/** The next question, cycling back to the first after the last. */
export function nextPoll(index: number, total: number): number {
  return (index + 1) % total;
}
