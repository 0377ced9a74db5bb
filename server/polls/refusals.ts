import type { NoMessage } from "../../contracts/live.ts";
import { ANSWERS, DEVICE_ID, isAnswer, isQuestion, QUESTIONS } from "../../contracts/polls.ts";

/** Why a vote is refused, for the page (in words) and for the operator's metrics (`reason`). */
export type VoteRefusal = Pick<NoMessage, "error" | "retryMs"> & {
  reason: "question" | "answer" | "device" | "rate" | "store" | "stopping";
};

/**
 * Why a vote is refused before the rate limit is asked, or null when it may go to it: a question
 * or an answer the polls do not have, or a device id not of the form pages make. Never with
 * `retryMs`: the same vote would be refused again.
 */
export function voteRefusal({ q, a, device }: { q: number; a: number; device: string }): VoteRefusal | null {
  if (!isQuestion(q)) {
    return { reason: "question", error: `There is no poll ${q}: the polls are numbered 0 to ${QUESTIONS - 1}.` };
  }
  if (!isAnswer(a)) {
    return {
      reason: "answer",
      error: `There is no answer ${a}: each poll's answers are numbered 0 to ${ANSWERS - 1}.`,
    };
  }
  if (!DEVICE_ID.test(device)) {
    return { reason: "device", error: "A device id is 16 to 64 letters, digits, dashes or underscores." };
  }
  return null;
}

/** Votes over the rate limit: they wait `waitMs` (the limit's own answer) and go again. */
export const tooFast = (waitMs: number): VoteRefusal => ({
  reason: "rate",
  error: "Nobody votes that fast. Slow down a little.",
  retryMs: Math.ceil(waitMs),
});

/** The server is stopping and has made its last write: the vote goes to the next server. */
export const STOPPING: VoteRefusal = {
  reason: "stopping",
  error: "The server is restarting. Your vote waits.",
  retryMs: 2000,
};

/** The store did not take the vote in time: it waits and goes again (a repeat counts once). */
export const STORE_AWAY: VoteRefusal = {
  reason: "store",
  error: "The ballot box is out of reach for a moment. Your vote waits, and goes when it is back.",
  retryMs: 2000,
};
