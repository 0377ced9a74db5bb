import * as v from "valibot";
import { MAX_POPS_PER_MESSAGE } from "../../contracts/bubbles.ts";

/** What a page may send on the topic "bubbles" (contracts/live.ts: PopRequest, SyncRequest). */
const Whole = v.pipe(v.number(), v.safeInteger(), v.minValue(0));

export const BUBBLE_MESSAGES = {
  pop: v.strictObject({
    t: v.literal("pop"),
    n: Whole,
    sheet: v.pipe(Whole, v.minValue(1)),
    i: v.pipe(v.array(Whole), v.minLength(1), v.maxLength(MAX_POPS_PER_MESSAGE)),
  }),
  sync: v.strictObject({ t: v.literal("sync") }),
};
