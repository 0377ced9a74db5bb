import * as v from "valibot";
import { MAX_DEVICE_CHARS } from "../../contracts/polls.ts";

/**
 * What a page may send on the topic "polls" (contracts/polls.ts: VoteRequest), by its shape only:
 * a vote whose numbers are not whole, or whose fields are missing or extra, is not a vote (1008).
 * Which question, answer and device id it names is refusals.ts's to judge, with a reason in words.
 */
const Whole = v.pipe(v.number(), v.safeInteger(), v.minValue(0));

export const POLL_MESSAGES = {
  vote: v.strictObject({
    t: v.literal("vote"),
    n: Whole,
    q: Whole,
    a: Whole,
    device: v.pipe(v.string(), v.maxLength(MAX_DEVICE_CHARS)),
  }),
};
