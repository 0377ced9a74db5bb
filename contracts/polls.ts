/**
 * Pointless Polls with everyone's results: what the page and the server agree on. The five polls
 * are the spec's (app/toys/polls/words.ts), named here by their place: question 0 to 4, answer 0
 * to 2. Each visitor (the token the server gives a page, server/live/visitor.ts) has one vote per
 * question: the first counts, a later one counts nothing and is answered with the vote that stands. Imported by both sides; imports nothing.
 */

export const POLLS_TOPIC = "polls";

/** `GET` answers every question's tallies as JSON (for pages without the live channel). */
export const POLLS_PATH = "/api/polls";

export const QUESTIONS = 5;
export const ANSWERS = 3;

/** How many votes each answer of one question has, in the answers' order. */
export type Counts = [number, number, number];

/**
 * A device's id, as the page keeps it (app/kit/lib/device-id.ts): what `crypto.randomUUID()` makes,
 * or the fallback's letters, digits and dashes.
 */
export const DEVICE_ID = /^[A-Za-z0-9_-]{16,64}$/;
/** The longest device id a vote message may carry at all (a longer one is not a vote: 1008). */
export const MAX_DEVICE_CHARS = 100;

/** A person votes at most about once a second: the server's limit per visitor (POLLS_VOTE_LIMIT). */
export const VOTES_PER_MINUTE = 120;
/** The most votes the limit admits at once (a page sending what waited while it was offline). */
export const VOTES_BURST = 20;

/**
 * Messages a page may send on the topic (contracts/live.ts MessageLimit): one vote per click; a
 * backlog is at most one per question.
 */
export const POLLS_MESSAGE_LIMIT = { burst: 40, perSecond: 5 } as const;

/** The server sends the tallies that changed this often, never one message per vote. */
export const SEND_TALLIES_EVERY_MS = 100;

/** Whether `q` and `a` name one of the spec's polls and one of its answers. */
export const isQuestion = (q: number) => Number.isSafeInteger(q) && q >= 0 && q < QUESTIONS;
export const isAnswer = (a: number) => Number.isSafeInteger(a) && a >= 0 && a < ANSWERS;

/** `GET POLLS_PATH`: every question's counts, question 0 first. */
export interface PollsJson {
  counts: Counts[];
}

/** Whether a message's `counts` are every question's, each three whole numbers (both sides check). */
export function isAllCounts(value: unknown): value is Counts[] {
  return Array.isArray(value) && value.length === QUESTIONS && value.every(isCounts);
}

export function isCounts(value: unknown): value is Counts {
  return (
    Array.isArray(value) &&
    value.length === ANSWERS &&
    value.every((n) => typeof n === "number" && Number.isSafeInteger(n) && n >= 0)
  );
}

// The topic on the live channel (contracts/live.ts). Server -> page: every question's counts when
// the page joins (the whole state: 15 numbers, so a page that comes back gets it again rather than
// resuming), then the counts of each question that changed, every SEND_TALLIES_EVERY_MS at most.

/**
 * Every question's counts (on joining, and when the server found its store's data lost and begun
 * again). `gen` names the data they are counted from: counts of the `gen` the page holds only ever
 * grow (the page keeps the larger of two), counts of another `gen` replace the page's whole.
 */
export interface TalliesMessage {
  topic: typeof POLLS_TOPIC;
  t: "tallies";
  counts: Counts[];
  gen?: string;
}

/** One question's counts, after they changed. */
export interface TallyMessage {
  topic: typeof POLLS_TOPIC;
  t: "tally";
  q: number;
  counts: Counts;
}

/**
 * The answer to a vote on question `q`: `counted` says whether this vote was the visitor's first on
 * it; `answer` is the visitor's vote that stands (this one, or its earlier one), and `counts` the
 * question's counts with it.
 */
export interface VoteOk {
  topic: typeof POLLS_TOPIC;
  t: "ok";
  n: number;
  q: number;
  counted: boolean;
  answer: number;
  counts: Counts;
}

// Page -> server.

/**
 * A vote for answer `a` of question `q`; `n` numbers the request. `device` is the page's device id,
 * checked for its form: the server counts the vote under the channel's visitor.
 */
export interface VoteRequest {
  topic: typeof POLLS_TOPIC;
  t: "vote";
  n: number;
  q: number;
  a: number;
  device: string;
}
