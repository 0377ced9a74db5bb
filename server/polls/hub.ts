import * as v from "valibot";
import {
  type Counts,
  isAllCounts,
  POLLS_MESSAGE_LIMIT,
  POLLS_TOPIC,
  SEND_TALLIES_EVERY_MS,
  type TalliesMessage,
  type TallyMessage,
  type VoteOk,
  type VoteRequest,
} from "../../contracts/polls.ts";
import { createWriteBatcher } from "../live/batcher.ts";
import { broadcast } from "../live/broadcast.ts";
import { type Bus, busGeneration } from "../live/bus.ts";
import { repeat, stopTopic } from "../live/lifecycle.ts";
import type { Peer } from "../live/peer.ts";
import { storeReads } from "../live/store-reads.ts";
import type { TopicModule } from "../live/topic.ts";
import type { PeerLimiter } from "../live/visitor-limit.ts";
import { errorText, type Logger } from "../ops/log.ts";
import type { StoreGuard } from "../ops/store-guard.ts";
import { POLL_MESSAGES } from "./messages.ts";
import type { PollMetrics } from "./metrics.ts";
import { STOPPING, STORE_AWAY, tooFast, type VoteRefusal, voteRefusal } from "./refusals.ts";
import { pollRoutes } from "./routes.ts";
import type { PollReading, PollStore, Vote, VoteResult } from "./store.ts";

/**
 * The polls in one server process, the topic "polls" of the live channel. Votes from its visitors
 * go through the shared batching window (server/live/batcher.ts) to the store, one write for all
 * the votes gathered; each visitor is answered with its vote's outcome and its question's counts,
 * and every write publishes the counts on the bus (one that counted nothing too: a vote sent again).
 * Every process (this one too) keeps a copy of the counts and sends its visitors the questions that changed every
 * `sendMs`, never one message per vote. Counts only ever go up (the store forgets old votes, never
 * their tallies), so the larger of two readings is the later one: the copy takes the larger of
 * each, whatever order readings arrive in. A visitor who joins, or comes back, gets every count
 * (fifteen numbers: less than resuming would cost). Every `checkMs` the copy is read again from
 * the store, which heals a message the bus lost.
 *
 * While the store's data lasts, that is: every reading carries the generation of the data it is
 * read from (server/live/generation.ts), and the store's own answer of another generation (Redis
 * lost its data and began again) replaces the copy whole, once, and is sent whole to everyone.
 * News of another generation on the bus is not taken: the store is read again, and decides.
 */
export interface PollHubOptions {
  store: PollStore;
  bus: Bus;
  guard: StoreGuard;
  log: Logger;
  /** Votes per visitor (and more loosely per address), for the whole fleet. */
  limiter: PeerLimiter;
  metrics?: PollMetrics;
  flushMs?: number;
  sendMs?: number;
  checkMs?: number;
}

export function createPollHub({
  store,
  bus,
  guard,
  log,
  limiter,
  metrics,
  flushMs = 50,
  sendMs = SEND_TALLIES_EVERY_MS,
  checkMs = 30_000,
}: PollHubOptions) {
  let mirror: Counts[] | null = null;
  /** The generation of the data the copy is of (unknown when a process of an earlier build told it). */
  let generation: string | undefined;
  const changed = new Set<number>();
  const peers = new Set<Peer>();

  const tallies = (counts: Counts[]): Omit<TalliesMessage, "topic"> => ({
    t: "tallies",
    counts,
    ...(generation === undefined ? {} : { gen: generation }),
  });

  /**
   * A reading of the counts (`fromStore`: the store's own answer to a read or a write; else news
   * of another process's write): each the larger of the two, while both are of one generation.
   */
  function merge({ counts, generation: of }: { counts: Counts[]; generation?: string }, fromStore: boolean) {
    const another = of !== undefined && of !== generation;
    if (mirror && another && !fromStore) {
      void load();
      return;
    }
    if (!mirror || another) {
      if (mirror && generation !== undefined) {
        log.warn("poll counts replaced from the store: its data was lost and begun again", { generation: of });
      }
      mirror = counts.map((c): Counts => [...c]);
      generation = of;
      changed.clear();
      // Everyone here gets them whole (visitors who joined before the first reading have had none).
      broadcast(peers, JSON.stringify({ topic: POLLS_TOPIC, ...tallies(mirror) }));
      return;
    }
    for (const [q, question] of counts.entries()) {
      const mine = mirror[q] as Counts;
      for (const [a, votes] of question.entries()) {
        if (votes > (mine[a] ?? 0)) {
          mine[a] = votes;
          changed.add(q);
        }
      }
    }
  }

  const {
    load,
    loaded,
    repeated: reading,
  } = storeReads({
    read: () => guard.run(() => store.counts()).then((reading: PollReading) => merge(reading, true)),
    what: "poll counts",
    bus,
    guard,
    log,
    checkMs,
  });

  /** The questions whose counts changed since the last time, one message each, to everyone here. */
  function sendChanged() {
    if (!mirror || changed.size === 0) return;
    for (const q of changed) {
      const message: TallyMessage = { topic: POLLS_TOPIC, t: "tally", q, counts: mirror[q] as Counts };
      broadcast(peers, JSON.stringify(message));
    }
    changed.clear();
  }

  const refuse = (peer: Peer, n: number, { reason, ...refusal }: VoteRefusal) => {
    metrics?.votesRefused.inc({ reason });
    peer.sendJson({ t: "no", n, ...refusal });
  };

  /**
   * Takes a write's counts, and tells every process, whether the write counted something or not: a
   * vote sent again because the answer to its first write was lost (a deadline, a server stopping)
   * counts nothing, and the first write's news may never have gone out. Counts only go up, so a
   * copy that had them takes nothing.
   */
  function publish(result: VoteResult) {
    merge(result, true);
    const counted = result.outcomes.filter((outcome) => outcome.counted).length;
    metrics?.votes.inc({ outcome: "counted" }, counted);
    metrics?.votes.inc({ outcome: "repeat" }, result.outcomes.length - counted);
    bus.publish(POLLS_TOPIC, "counts", { counts: result.counts, generation: result.generation });
  }

  const writes = createWriteBatcher<Vote, 0, VoteResult>({
    flushMs,
    guard,
    // One write for every vote gathered: one transaction, or one script call.
    keyOf: () => 0,
    write: (_, votes) => store.vote(votes),
    written(_, batch, result) {
      // First: counts of a store that began again go to everyone whole before any answer.
      publish(result);
      for (const [k, { peer, n, request }] of batch.entries()) {
        const outcome = result.outcomes[k] ?? { counted: false, answer: request.a };
        const ok: Omit<VoteOk, "topic"> = {
          t: "ok",
          n,
          q: request.q,
          ...outcome,
          counts: result.counts[request.q] as Counts,
        };
        peer.sendJson(ok);
      }
    },
    failed(_, batch) {
      for (const { peer, n } of batch) refuse(peer, n, STORE_AWAY);
    },
    landedLate: (_, result) => publish(result),
    refuseLate(_, batch) {
      for (const { peer, n } of batch) refuse(peer, n, STOPPING);
    },
  });

  bus.subscribe(
    POLLS_TOPIC,
    "counts",
    v.object({ counts: v.custom<Counts[]>(isAllCounts), generation: busGeneration }),
    (news) => merge(news, false),
  );

  const stopRepeating = repeat([sendChanged, sendMs], ...reading);

  /** A visitor's vote: checked, limited, and gathered for the next write. */
  const vote = (peer: Peer, request: Pick<VoteRequest, "n" | "q" | "a" | "device">) =>
    writes.checking(admit(peer, request));
  async function admit(peer: Peer, { n, q, a, device }: Pick<VoteRequest, "n" | "q" | "a" | "device">) {
    const refused = voteRefusal({ q, a, device });
    if (refused) return refuse(peer, n, refused);
    const waitMs = await limiter.take(peer);
    if (waitMs > 0) return refuse(peer, n, tooFast(waitMs));
    // One vote per visitor the server vouches for, not per id the page names (a bot names a new one
    // for every vote): the device the page names is checked for its form, and counted under the visitor.
    writes.add(peer, n, { q, a, device: peer.visitor ?? device });
  }

  /** Every question's counts (for GET /api/polls), reading them if need be. */
  async function counts(): Promise<Counts[] | null> {
    if (!mirror) await loaded();
    return mirror;
  }

  const topic = {
    topic: POLLS_TOPIC,
    messages: POLL_MESSAGES,
    messageLimit: POLLS_MESSAGE_LIMIT,
    routes: pollRoutes(counts),
    join(peer: Peer) {
      peers.add(peer);
      if (mirror) peer.sendJson(tallies(mirror));
      else void load();
    },
    leave(peer: Peer) {
      peers.delete(peer);
    },
    handle(peer: Peer, message: { t: string }) {
      if (message.t !== "vote") return;
      vote(peer, message as VoteRequest).catch((error: unknown) =>
        log.error("vote failed", { error: errorText(error) }),
      );
    },
    /** Writes what is still gathered, and stops. */
    stop: stopTopic({ repeating: stopRepeating, writes, sendLast: sendChanged }),
  } satisfies TopicModule;

  return {
    ...topic,
    /** A visitor's vote (what `handle` does with a vote message), resolved once it is gathered or refused. */
    vote,
    counts,
    /** Writes what is gathered now (as the timer would). */
    flush: writes.flush,
  };
}

export type PollHub = ReturnType<typeof createPollHub>;
