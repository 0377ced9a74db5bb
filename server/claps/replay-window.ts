import { REPLAY_WINDOW } from "../../contracts/claps.ts";

/**
 * Which of a page's batches are counted: the anti-replay window of IPsec (RFC 4303, 3.4.3). Per
 * page, the newest batch number seen (`top`) and a bit for it and each of the REPLAY_WINDOW - 1
 * before it (bit k: batch top - k is counted). A batch past `top` is counted and moves the window;
 * one inside it is counted once; one older than the window is refused. The page never has a batch
 * unconfirmed that far back (contracts/claps.ts), so a batch it sends again is always told apart.
 * Plain arithmetic on a number under 2^16 (no bit operators): the Redis adapter's Lua does the same.
 */
export interface PageRecord {
  top: number;
  mask: number;
}

export type Admission = "counted" | "repeat" | "stale";

const SPAN = 2 ** REPLAY_WINDOW;

export function admit(record: PageRecord | null, batch: number): { record: PageRecord; admission: Admission } {
  if (!record) return { record: { top: batch, mask: 1 }, admission: "counted" };
  const { top, mask } = record;
  if (batch > top) {
    const shift = batch - top;
    const kept = shift >= REPLAY_WINDOW ? 0 : (mask * 2 ** shift) % SPAN;
    return { record: { top: batch, mask: kept + 1 }, admission: "counted" };
  }
  const back = top - batch;
  if (back >= REPLAY_WINDOW) return { record, admission: "stale" };
  const bit = 2 ** back;
  if (Math.floor(mask / bit) % 2 === 1) return { record, admission: "repeat" };
  return { record: { top, mask: mask + bit }, admission: "counted" };
}
