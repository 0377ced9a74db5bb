/**
 * Aggressive Claps, the crowd: one global total of everyone's claps, and how many are clapping now,
 * as the page and the server both see them. Imported by both sides; imports nothing.
 *
 * A page sums its claps and sends a count every SEND_CLAPS_EVERY_MS as a numbered batch of its own
 * (`page`, a random id per page, and `batch`, 1, 2, 3 ...). The server remembers, per page, which
 * of its last REPLAY_WINDOW batches it has counted (the anti-replay window of IPsec: the highest
 * batch seen and a bit per batch before it), in the store and in the same atomic step as the total,
 * so a batch sent again after a reconnect, or after the server was killed between counting it and
 * saying so, is counted once. The page keeps every batch it has not seen confirmed within that
 * window of the newest it made (it makes no new batch until it may), so a batch it sends again is
 * always one the server can still tell apart (docs/claps.md).
 */

/** `GET` answers the total and how many are clapping now (for pages without the live channel). */
export const CLAPS_PATH = "/api/claps";

export const CLAPS_TOPIC = "claps";

/**
 * The server's limit per visitor (CLAPS_LIMIT, for the whole fleet): thirty claps a second, sixty
 * at once. A person clapping as fast as the page lets them (one every 50 ms) makes twenty a second.
 */
export const CLAPS_PER_SECOND = 30;
export const CLAPS_BURST = 2 * CLAPS_PER_SECOND;

/**
 * The most claps one batch carries. The limit's burst always admits it (a batch the limit could
 * never admit would be refused for ever); a page with more waiting sends them in several batches.
 */
export const MAX_CLAPS_PER_BATCH = 30;

/**
 * Messages a page may send on the topic (contracts/live.ts MessageLimit): a batch every half
 * second, a few at once after a reconnect.
 */
export const CLAPS_MESSAGE_LIMIT = { burst: 12, perSecond: 6 } as const;

/** The page gathers claps this long before it sends them as one batch. */
export const SEND_CLAPS_EVERY_MS = 500;

/** The server tells pages the total at most this often (when it changed), never once per clap. */
export const SEND_TOTAL_EVERY_MS = 100;

/** "Clapping now": the visitors that clapped in this many milliseconds, on every server. */
export const CLAPPING_WINDOW_MS = 5000;

/**
 * The batches of one page the server tells apart: the newest it has seen and the fifteen before it.
 * A batch older than that is refused; a page never has one unconfirmed that far back.
 */
export const REPLAY_WINDOW = 16;

/** A page has at most this many batches unconfirmed; the rest of its claps wait on the page. */
export const MAX_UNCONFIRMED_BATCHES = 4;

/** A page's id: what `crypto.randomUUID()` makes, or the fallback's letters, digits and dashes. */
export const PAGE_ID = /^[A-Za-z0-9_-]{16,64}$/;

/** The highest batch number a page may use (it would take a page decades of clapping to get there). */
export const MAX_BATCH = 2 ** 31 - 1;

/**
 * How long the server remembers a page's batches after its last one, and how long a page keeps an
 * unconfirmed batch to send again: a batch older than the page's limit is given up (counted at most
 * once), long before the server could have forgotten it.
 */
export const PAGE_MEMORY_MS = 24 * 60 * 60_000;
export const RESEND_FOR_MS = 60 * 60_000;

// Page -> server.

/** `count` claps, the page's batch number `batch`; `n` numbers the request, for its answer. */
export interface ClapRequest {
  topic: typeof CLAPS_TOPIC;
  t: "clap";
  n: number;
  page: string;
  batch: number;
  count: number;
}

// Server -> page.

/** The crowd as it stands: sent when a page joins, then every SEND_TOTAL_EVERY_MS when it changed. */
export interface CrowdMessage {
  topic: typeof CLAPS_TOPIC;
  t: "crowd";
  total: number;
  clapping: number;
  /**
   * Names the data the total is counted from: a total of the `gen` the page holds only ever grows
   * (the page keeps the larger), a total of another `gen` (the server's store lost its data and
   * began again) replaces the page's.
   */
  gen?: string;
}

/**
 * The answer to a batch: stored (`counted`: now, or false when it had been counted before), with
 * the total once it was written, which includes it.
 */
export interface ClapsOk {
  topic: typeof CLAPS_TOPIC;
  t: "ok";
  n: number;
  total: number;
  counted: boolean;
}

/** `GET CLAPS_PATH`. */
export interface CrowdJson {
  total: number;
  clapping: number;
}
