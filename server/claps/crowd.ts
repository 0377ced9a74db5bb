import * as v from "valibot";
import {
  CLAPPING_WINDOW_MS,
  CLAPS_MESSAGE_LIMIT,
  CLAPS_TOPIC,
  type ClapRequest,
  type ClapsOk,
  type CrowdJson,
  type CrowdMessage,
  SEND_TOTAL_EVERY_MS,
} from "../../contracts/claps.ts";
import { createWriteBatcher } from "../live/batcher.ts";
import { broadcast } from "../live/broadcast.ts";
import { type Bus, busCount, busGeneration } from "../live/bus.ts";
import { repeat, stopTopic } from "../live/lifecycle.ts";
import type { Peer } from "../live/peer.ts";
import type { Presence } from "../live/presence.ts";
import { storeReads } from "../live/store-reads.ts";
import type { TopicModule } from "../live/topic.ts";
import type { PeerLimiter } from "../live/visitor-limit.ts";
import { errorText, type Logger } from "../ops/log.ts";
import type { StoreGuard } from "../ops/store-guard.ts";
import { CLAP_MESSAGES } from "./messages.ts";
import type { ClapMetrics } from "./metrics.ts";
import { type ClapRefusal, countRefusal, STALE, STOPPING, STORE_AWAY, tooFast } from "./refusals.ts";
import { clapRoutes } from "./routes.ts";
import type { AddResult, ClapBatch, ClapReading, ClapStore } from "./store.ts";

/**
 * The crowd in one server process, the topic "claps" of the live channel. Its visitors' batches go
 * through the shared batching window (server/live/batcher.ts) to the store, one write for all of
 * them; each write's new total is published on the bus, and every process (this one too) sends
 * its visitors the total and how many are clapping now every `sendMs` when either changed, never
 * once per clap. A visitor who comes back gets the crowd as it stands (two numbers: there is
 * nothing to resume). Every `checkMs` the total is read from the store again (a lost bus message
 * heals there); the total only ever grows, so a process keeps the largest it has heard, while the
 * store's data lasts: every reading carries the generation of the data it is counted in
 * (server/live/generation.ts), and the store's own answer of another generation (Redis lost its
 * data and began again) replaces the total, once, and goes to everyone. News of another
 * generation on the bus is not taken: the store is read again, and decides.
 *
 * "Clapping now" is, in each process, the visitors (server/live/visitor.ts) whose claps it took in
 * the last `windowMs`, reported through the topic's presence (added up over every process with
 * Redis, where a visitor clapping on two servers at once counts twice).
 */
export interface CrowdOptions {
  store: ClapStore;
  bus: Bus;
  guard: StoreGuard;
  log: Logger;
  /** Claps per visitor (and more loosely per address), for the whole fleet. */
  limiter: PeerLimiter;
  presence: Presence;
  metrics?: ClapMetrics;
  flushMs?: number;
  sendMs?: number;
  checkMs?: number;
  windowMs?: number;
  now?: () => number;
}

export function createCrowd({
  store,
  bus,
  guard,
  log,
  limiter,
  presence,
  metrics,
  flushMs = 50,
  sendMs = SEND_TOTAL_EVERY_MS,
  checkMs = 30_000,
  windowMs = CLAPPING_WINDOW_MS,
  now = Date.now,
}: CrowdOptions) {
  const peers = new Set<Peer>();
  /** Each visitor that clapped here lately, and when it last did. */
  const clappers = new Map<string, number>();
  let total: number | null = null;
  /** The generation of the data the total is counted in (unknown when a process of an earlier build told it). */
  let generation: string | undefined;
  let sent: { total: number; clapping: number; gen?: string } | null = null;

  const refuse = (peer: Peer, n: number, { reason, ...refusal }: ClapRefusal, count: number) => {
    metrics?.refused.inc({ reason }, Number.isSafeInteger(count) && count > 0 ? count : 1);
    peer.sendJson({ t: "no", n, ...refusal });
  };

  /**
   * A total heard from the store (`fromStore`: its answer to a read or a write) or the bus: the
   * largest is the newest, while both are of one generation.
   */
  function heard({ total: value, generation: of }: { total: number; generation?: string }, fromStore: boolean) {
    if (!Number.isSafeInteger(value) || value < 0) return;
    const another = of !== undefined && of !== generation;
    if (total !== null && another && !fromStore) {
      void load();
      return;
    }
    if (total === null || another) {
      if (total !== null && generation !== undefined) {
        log.warn("clap total replaced from the store: its data was lost and begun again", { total: value });
      }
      total = value;
      generation = of;
      return;
    }
    total = Math.max(total, value);
  }

  function clappingNow(): number {
    const since = now() - windowMs;
    for (const [address, at] of clappers) if (at < since) clappers.delete(address);
    presence.report(clappers.size);
    return presence.here();
  }

  const crowdMessage = (): Omit<CrowdMessage, "topic"> | null =>
    total === null
      ? null
      : { t: "crowd", total, clapping: clappingNow(), ...(generation === undefined ? {} : { gen: generation }) };

  /** The crowd to everyone, when it changed since it was last sent. */
  function sendChanges() {
    const message = crowdMessage();
    if (
      !message ||
      (sent && sent.total === message.total && sent.clapping === message.clapping && sent.gen === message.gen)
    ) {
      return;
    }
    sent = { total: message.total, clapping: message.clapping, gen: message.gen };
    broadcast(peers, JSON.stringify({ topic: CLAPS_TOPIC, ...message }));
  }

  const {
    load,
    loaded,
    repeated: reading,
  } = storeReads({
    read: () =>
      guard
        .run(() => store.total())
        .then((reading: ClapReading) => {
          // Not a count: a failed read, asked again in a second.
          if (!Number.isSafeInteger(reading.total) || reading.total < 0)
            throw new Error("the stored total is not a count");
          heard(reading, true);
        }),
    what: "clap total",
    bus,
    guard,
    log,
    checkMs,
  });

  function publish(result: AddResult) {
    bus.publish(CLAPS_TOPIC, "total", { total: result.total, generation: result.generation });
  }

  const writes = createWriteBatcher<ClapBatch, 0, AddResult>({
    flushMs,
    guard,
    keyOf: () => 0,
    write: (_, batches) => store.add(batches, now()),
    written(_, batch, result) {
      heard(result, true);
      let added = 0;
      for (const [k, { peer, n, request }] of batch.entries()) {
        const admission = result.admissions[k] ?? "stale";
        if (admission === "stale") {
          refuse(peer, n, STALE, request.count);
          continue;
        }
        if (admission === "counted") added += request.count;
        const ok: Omit<ClapsOk, "topic"> = { t: "ok", n, total: result.total, counted: admission === "counted" };
        peer.sendJson({ ...ok });
      }
      metrics?.stored.inc(added);
      // Told even when nothing was added: a batch sent again because the answer to its first write
      // was lost adds nothing, and the first write's news may never have gone out.
      publish(result);
    },
    failed(_, batch) {
      for (const { peer, n, request } of batch) refuse(peer, n, STORE_AWAY, request.count);
    },
    landedLate(_, result) {
      heard(result, true);
      publish(result);
    },
    refuseLate(_, batch) {
      for (const { peer, n, request } of batch) refuse(peer, n, STOPPING, request.count);
    },
  });

  bus.subscribe(CLAPS_TOPIC, "total", v.object({ total: busCount, generation: busGeneration }), (news) =>
    heard(news, false),
  );

  const stopRepeating = repeat([sendChanges, sendMs], ...reading);

  /** A visitor's batch: checked, limited, and gathered for the next write. */
  const clap = (peer: Peer, request: Pick<ClapRequest, "n" | "page" | "batch"> & { count: unknown }) =>
    writes.checking(admit(peer, request));
  async function admit(
    peer: Peer,
    { n, page, batch, count }: Pick<ClapRequest, "n" | "page" | "batch"> & { count: unknown },
  ) {
    const refused = countRefusal(count);
    if (refused) return refuse(peer, n, refused, 1);
    const claps = count as number;
    const waitMs = await limiter.take(peer, claps);
    if (waitMs > 0) return refuse(peer, n, tooFast(Number.isFinite(waitMs) ? waitMs : 1000), claps);
    clappers.set(peer.visitor ?? peer.address, now());
    writes.add(peer, n, { page, batch, count: claps });
  }

  /** The crowd as it stands (for GET /api/claps), loading the total if need be. */
  async function crowd(): Promise<CrowdJson | null> {
    if (total === null) await loaded();
    return total === null ? null : { total, clapping: clappingNow() };
  }

  const topic = {
    topic: CLAPS_TOPIC,
    messages: CLAP_MESSAGES,
    messageLimit: CLAPS_MESSAGE_LIMIT,
    routes: clapRoutes(crowd),
    join(peer: Peer) {
      peers.add(peer);
      const message = crowdMessage();
      // Without a total yet, it gets the crowd with everyone else once the store answers.
      if (message) peer.sendJson(message);
      else void load();
    },
    leave(peer: Peer) {
      peers.delete(peer);
    },
    handle(peer: Peer, message: { t: string }) {
      if (message.t !== "clap") return;
      clap(peer, message as ClapRequest).catch((error: unknown) =>
        log.error("clap failed", { error: errorText(error) }),
      );
    },
    /** Writes what is still gathered, and stops. */
    stop: stopTopic({ repeating: stopRepeating, presence, writes, sendLast: sendChanges }),
  } satisfies TopicModule;

  return {
    ...topic,
    /** A visitor's batch (what `handle` does with a clap message), resolved once gathered or refused. */
    clap,
    crowd,
    /** Writes what is gathered now (as the timer would). */
    flush: writes.flush,
  };
}

export type Crowd = ReturnType<typeof createCrowd>;
