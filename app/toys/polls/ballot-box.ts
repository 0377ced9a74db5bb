import type { MessageLimit } from "../../../contracts/live";
import { MAX_LATER_TRIES } from "../../kit/live/outbox";
import { createPacer } from "../../kit/live/pacer";

/**
 * This page's votes that the server has not answered yet: at most one per question (a visitor has
 * one vote per question, so a second click on a question whose vote is still on its way adds
 * nothing). Each goes as one numbered message when the page is live, goes again after a reconnect
 * (the server counts a visitor once per question, so a repeat counts nothing), waits when the
 * server says "later", and is given up when it says "never" or after `maxTries` "laters". Votes go
 * no faster than the topic's message limit allows (app/kit/live/pacer.ts); what waits for it goes
 * by itself.
 *
 * The kit's outbox (app/kit/live/outbox.ts) does this for a list of items; the polls keep their own
 * few lines, keyed by question, so the page shares no module with the bubble sheet's but those
 * every live page loads (vite.config.ts): a module two pages share would cost one of them a request.
 */
export interface BallotBox {
  /** A vote on question `q`, unless one is already waiting there (that one goes); whether it was taken. */
  add(q: number, a: number): boolean;
  /** Sends every vote waiting (the page calls it when it is live). */
  flush(): void;
  /** The server answered message `n` with ok: done with it. */
  answered(n: number): void;
  /** The server refused message `n`: it goes again after `retryMs`, or, told never (or too often), is given up and returned. */
  refused(n: number, retryMs?: number): { q: number; a: number } | null;
  /** The channel dropped: every vote sent and not answered goes again. */
  resend(): void;
  stop(): void;
}

interface Waiting {
  a: number;
  /** The message it went as, or null while it waits to go. */
  n: number | null;
  tries: number;
  /** Told "later": it waits for this timer. */
  timer?: ReturnType<typeof setTimeout>;
}

export function createBallotBox({
  send,
  limit,
  maxTries = MAX_LATER_TRIES,
}: {
  /** Sends vote message `n`; false when it cannot go now (it waits for the next flush). */
  send: (n: number, q: number, a: number) => boolean;
  /** The topic's message limit (contracts/polls.ts POLLS_MESSAGE_LIMIT). */
  limit: MessageLimit;
  maxTries?: number;
}): BallotBox {
  const votes = new Map<number, Waiting>();
  const pacer = createPacer(limit);
  /** A flush waiting for the limit to allow one more. */
  let paced: ReturnType<typeof setTimeout> | undefined;
  let counter = 0;
  const sentAs = (n: number) => [...votes].find(([, vote]) => vote.n === n);

  function flush() {
    clearTimeout(paced);
    paced = undefined;
    for (const [q, vote] of votes) {
      if (vote.n !== null || vote.timer !== undefined) continue;
      if (!pacer.ready()) {
        paced = setTimeout(flush, pacer.waitMs());
        return;
      }
      const n = ++counter;
      if (!send(n, q, vote.a)) return;
      pacer.take();
      vote.n = n;
    }
  }

  return {
    add(q, a) {
      if (votes.has(q)) return false;
      votes.set(q, { a, n: null, tries: 0 });
      return true;
    },
    flush,
    answered(n) {
      const found = sentAs(n);
      if (found) votes.delete(found[0]);
    },
    refused(n, retryMs) {
      const found = sentAs(n);
      if (!found) return null;
      const [q, vote] = found;
      vote.n = null;
      vote.tries++;
      if (retryMs === undefined || vote.tries >= maxTries) {
        votes.delete(q);
        return { q, a: vote.a };
      }
      vote.timer = setTimeout(() => {
        vote.timer = undefined;
        flush();
      }, retryMs);
      return null;
    },
    resend() {
      for (const vote of votes.values()) vote.n = null;
    },
    stop() {
      clearTimeout(paced);
      paced = undefined;
      for (const vote of votes.values()) {
        clearTimeout(vote.timer);
        vote.timer = undefined;
      }
    },
  };
}
