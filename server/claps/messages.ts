import * as v from "valibot";
import { MAX_BATCH, PAGE_ID } from "../../contracts/claps.ts";

/** What a page may send on the topic "claps" (contracts/claps.ts: ClapRequest). */
const Whole = v.pipe(v.number(), v.safeInteger(), v.minValue(0));

export const CLAP_MESSAGES = {
  clap: v.strictObject({
    t: v.literal("clap"),
    n: Whole,
    page: v.pipe(v.string(), v.regex(PAGE_ID)),
    batch: v.pipe(Whole, v.minValue(1), v.maxValue(MAX_BATCH)),
    // Any value: the topic answers a count it cannot take with the reason (refusals.ts), rather
    // than closing the channel, so the page can say what was wrong.
    count: v.unknown(),
  }),
};
