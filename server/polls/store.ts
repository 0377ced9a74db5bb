import type { Counts } from "../../contracts/polls.ts";

/**
 * Where the polls' votes live: one interface, two adapters beside it (sqlite.ts, redis.ts) on the
 * shared backends. A vote is remembered per (question, visitor), and the first one counts: the
 * remembering and the tally move together in one atomic step, or neither, so a vote sent twice
 * (a resend after a reconnect, two servers, a retry after the store's deadline) counts once.
 */
export interface Vote {
  q: number;
  a: number;
  /** Who votes: the channel's visitor id (hub.ts), not the id the page named. */
  device: string;
}

/** What became of one vote: counted (the visitor's first on the question) or not, and the answer that stands. */
export interface VoteOutcome {
  counted: boolean;
  answer: number;
}

/**
 * Every question's counts, question 0 first, with the generation of the data they are read from
 * (server/live/generation.ts: another one means the store lost its data and began again).
 */
export interface PollReading {
  counts: Counts[];
  generation: string;
}

export interface VoteResult extends PollReading {
  /** One per vote, in the order given (a later vote of the same batch sees the earlier ones). */
  outcomes: VoteOutcome[];
  /** Every question's counts after the batch. */
  counts: Counts[];
}

export interface PollStore {
  /** Every question's counts, and their generation. */
  counts(): Promise<PollReading>;
  /** Votes, in one step (the caller has checked each names a question, an answer and a device id). */
  vote(votes: readonly Vote[]): Promise<VoteResult>;
}

/**
 * How many votes (one per question and visitor) the store remembers. Each costs about 100 bytes in
 * SQLite (the row and its UNIQUE index) and 140 in Redis (the hash field and its place in the
 * order), measured with random UUIDs: 300,000 is 60,000 visitors who answered all five, some 30
 * MB in SQLite and 42 MB in Redis. Past it the votes cast first are forgotten first, a few more
 * than each write adds, and a visitor forgotten may vote once more on that question. Nothing
 * expires by age (a time limit would let every visitor vote again after it; the cap does so only
 * under real pressure, oldest first). The tallies never go down.
 */
export const DEFAULT_MAX_VOTES = 300_000;

/** Each write forgets at most this many votes beyond the ones it added, so housekeeping stays short. */
export const FORGET_PER_WRITE = 4;

/** Every question's counts at zero. */
export const noCounts = (questions: number): Counts[] => Array.from({ length: questions }, (): Counts => [0, 0, 0]);
