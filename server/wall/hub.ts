import * as v from "valibot";
import type { PaintRequest } from "../../contracts/wall.ts";
import {
  encodeCells,
  type PaintOk,
  WALL_MESSAGE_LIMIT,
  WALL_SIZE,
  WALL_TOPIC,
  type WallJson,
  type WallMessage,
} from "../../contracts/wall.ts";
import { createWriteBatcher } from "../live/batcher.ts";
import { broadcast } from "../live/broadcast.ts";
import { type Bus, busCount, busGeneration } from "../live/bus.ts";
import { repeat, stopTopic } from "../live/lifecycle.ts";
import type { Peer } from "../live/peer.ts";
import { resyncAtMost } from "../live/resync.ts";
import { createSequence } from "../live/sequence.ts";
import { storeReads } from "../live/store-reads.ts";
import type { TopicModule } from "../live/topic.ts";
import type { PeerLimiter } from "../live/visitor-limit.ts";
import { errorText, type Logger } from "../ops/log.ts";
import type { StoreGuard } from "../ops/store-guard.ts";
import { paintAdmission } from "./admission.ts";
import { WALL_MESSAGES } from "./messages.ts";
import { type PaintRefusal, paintRefusal, WALL_AWAY, WALL_STOPPING } from "./refusals.ts";
import { wallRoutes } from "./routes.ts";
import type { IdentifiedPaint, WallStore } from "./store.ts";
import { createWallCopy } from "./wall-copy.ts";

/**
 * The shared wall in one server process, the topic "wall" of the live channel. Paints from its
 * visitors (one every `cooldownMs` per client address, for the whole fleet) go through the shared
 * batching window (server/live/batcher.ts) to the store, one write per batch, which gives the
 * batch a version. Each write's cells are published on the bus with that version, and every
 * process (this one too) takes a cell's news only when it is later than what it has of that cell:
 * the bus may deliver two processes' news in another order than the store took them, and the
 * copy still ends as the store's. What a process takes goes to its visitors every `sendMs` as one
 * numbered message (server/live/sequence.ts), so a visitor who comes back gets what it missed, or
 * the whole wall (200 characters). The copy is compared with the store when store-reads.ts says
 * (after a reconnect, an outage, every `checkMs`), and the cells that differ are sent like any
 * others and published for the other processes (a lost bus message heals there). A store whose data
 * is of another generation than the copy's (server/live/generation.ts: Redis lost its data and
 * began again, however many batches were painted since), or whose version went back, replaces
 * the copy whole, once; news of another generation is not taken: the store is read again. The
 * copy and its versions are wall-copy.ts's.
 *
 * A paint names itself (its id, the same on every resend): one the store applied before is
 * answered ok without painting again and without asking the cooldown (admission.ts), once the
 * store was read again (its first write's news may never have gone out).
 */
export interface WallHubOptions {
  store: WallStore;
  bus: Bus;
  guard: StoreGuard;
  log: Logger;
  /** One paint per cooldown per visitor (and more per address), for the whole fleet. */
  limiter: PeerLimiter;
  cooldownMs: number;
  flushMs?: number;
  sendMs?: number;
  checkMs?: number;
}

/** A write's news on the bus (server/live/bus.ts checks it): its version, its cells, its data's generation. */
const PublishedSchema = v.object({
  v: busCount,
  c: v.pipe(v.array(v.pipe(v.tuple([busCount, busCount]), v.readonly())), v.maxLength(WALL_SIZE)),
  g: busGeneration,
});
type Published = v.InferOutput<typeof PublishedSchema>;
/** A write's news, and whether it skipped a paint whose id the store had applied before. */
type Written = { news: Published; skipped: boolean };

/** News that arrives before the wall is first read waits for it (the read may predate it). */
const MAX_EARLY = 1000;

export function createWallHub({
  store,
  bus,
  guard,
  log,
  limiter,
  cooldownMs,
  flushMs = 40,
  sendMs = 50,
  checkMs = 10_000,
}: WallHubOptions) {
  /** The wall as this process has it, with the store's version each cell is known as of. */
  const mirror = createWallCopy();
  const sequence = createSequence(WALL_TOPIC);
  /** A paint's answer, with the cooldown as this server keeps it (the page counts down the same). */
  const paintOk = (n: number): Omit<PaintOk, "topic"> => ({ t: "ok", n, cooldownMs });
  const peers = new Set<Peer>();
  let early: Published[] = [];
  let whole: { seq: number; text: string } | null = null;

  function sendOutgoing() {
    const cells = mirror.drain();
    if (cells) broadcast(peers, sequence.add({ t: "cells", c: cells }));
  }

  /** The whole wall as of the last numbered message (what is gathered goes out first). */
  function wholeWall(): string | null {
    const cells = mirror.cells();
    if (!cells) return null;
    sendOutgoing();
    if (whole?.seq !== sequence.now) {
      const message: WallMessage = {
        topic: WALL_TOPIC,
        t: "wall",
        seq: sequence.now,
        epoch: sequence.epoch,
        cells: encodeCells(cells),
        cooldownMs,
      };
      whole = { seq: sequence.now, text: JSON.stringify(message) };
    }
    return whole.text;
  }

  function sendWhole(to: Iterable<Peer>) {
    const text = wholeWall();
    if (text) broadcast(to, text);
  }

  /**
   * Reads the wall from the store. A cell this copy knows only as of that version or earlier takes
   * the store's; one it heard later news of keeps it. A store that went back in time (emptied, or a
   * Redis restarted without its data), or whose data is of another generation, replaces the copy whole.
   */
  async function readWall(): Promise<void> {
    const stored = await guard.run(() => store.wall());
    if (mirror.replacedBy(stored)) {
      if (mirror.cells()) log.warn("emoji wall replaced from the store", { version: stored.version });
      mirror.replace(stored);
      // Nobody can resume from before a wall replaced whole.
      sequence.restart();
      for (const news of early) published(news);
      early = [];
      sendWhole(peers);
      return;
    }
    const healed = mirror.heal(stored);
    if (healed.length === 0) return;
    log.info("emoji wall cells healed from the store", { cells: healed.length });
    // What this copy lacked, the others likely lack too (news that never went out): told as of the
    // store's version, which every paint up to it is in.
    bus.publish(WALL_TOPIC, "cells", { v: stored.version, c: healed, g: stored.generation });
  }
  const {
    load,
    loaded,
    repeated: reading,
  } = storeReads({ read: readWall, what: "emoji wall", bus, guard, log, checkMs });

  /**
   * A paint sent again that the store applied before: the write that applied it may have lost its
   * answer before its news went out (a deadline, a server stopping), so this copy, and the others,
   * may lack it. The store is read, and what it heals is sent here and told to every process.
   */
  const appliedBefore = () => load();

  /** A write from any process. */
  function published(news: Published) {
    if (!mirror.cells()) {
      if (early.length < MAX_EARLY) early.push(news);
      return;
    }
    if (news.g !== undefined && news.g !== mirror.generation()) {
      void load();
      return;
    }
    for (const [cell, e] of news.c) mirror.take(cell, e, news.v);
  }

  const paints = paintAdmission({ store, guard, limiter, cooldownMs });

  const writes = createWriteBatcher<IdentifiedPaint, "wall", Written>({
    flushMs,
    guard,
    keyOf: () => "wall",
    async write(_, paints) {
      const { version, painted, generation } = await store.paint(paints, Date.now());
      // The last paint of a cell in the batch wins, as it would have one write later.
      return {
        news: { v: version, c: [...new Map(painted).entries()], g: generation },
        // A paint sent again while its first waited here is in the batch twice: not skipped.
        skipped: painted.length < new Set(paints.map((paint) => paint.id)).size,
      };
    },
    written(_, batch, result) {
      paints.answered(batch);
      landed(result);
      for (const { peer, n } of batch) peer.sendJson(paintOk(n));
    },
    failed(_, batch) {
      paints.answered(batch);
      for (const { peer, n } of batch) refuse(peer, n, WALL_AWAY);
    },
    landedLate: (_, result) => landed(result),
    refuseLate(_, batch) {
      paints.answered(batch);
      for (const { peer, n } of batch) refuse(peer, n, WALL_STOPPING);
    },
  });

  /**
   * A write this process made: its visitors get its cells at once, as a numbered message sent
   * before the answers (a page that is told "ok" already has its cell's news, or a later one), and
   * the other processes hear of it on the bus (this one ignores its own news then: not later).
   */
  function landed({ news, skipped }: Written) {
    // A paint whose id was applied before: the store is read (appliedBefore).
    if (skipped) appliedBefore();
    if (news.c.length === 0) return;
    // Written to data of another generation (the store began again): its wall, whole.
    if (mirror.cells() && news.g !== mirror.generation()) void load();
    else for (const [cell, e] of news.c) mirror.take(cell, e, news.v);
    sendOutgoing();
    bus.publish(WALL_TOPIC, "cells", { ...news });
  }

  bus.subscribe(WALL_TOPIC, "cells", PublishedSchema, published);

  const stopRepeating = repeat([sendOutgoing, sendMs], ...reading);

  const refuse = (peer: Peer, n: number, refusal: PaintRefusal) => peer.sendJson({ t: "no", n, ...refusal });

  /** A visitor's paint: checked, applied before or new (admission.ts), and gathered for the next write. */
  const paint = (peer: Peer, request: Pick<PaintRequest, "n" | "id" | "cell" | "e">) =>
    writes.checking(admit(peer, request));
  async function admit(peer: Peer, { n, id, cell, e }: Pick<PaintRequest, "n" | "id" | "cell" | "e">) {
    const refused = paintRefusal(mirror.cells() !== null, { cell, e });
    if (refused) return refuse(peer, n, refused);
    const admission = await paints.admit(peer, id);
    // On the wall already: its page never had the ok. Nothing is painted again, or spent.
    if (admission === "applied") {
      await appliedBefore();
      return peer.sendJson(paintOk(n));
    }
    if (admission !== "gather") return refuse(peer, n, admission);
    paints.gathered(id);
    writes.add(peer, n, { id, cell, e });
  }

  /** A visitor found a gap in the sequence: the whole wall again, at most every few seconds. */
  const sync = resyncAtMost((peer) => sendWhole([peer]));

  /** The wall as it stands (for GET /api/wall), reading it if need be. */
  async function wallJson(): Promise<WallJson | null> {
    if (!mirror.cells()) await loaded();
    const cells = mirror.cells();
    return cells && { cells: encodeCells(cells), cooldownMs };
  }

  const topic = {
    topic: WALL_TOPIC,
    messages: WALL_MESSAGES,
    messageLimit: WALL_MESSAGE_LIMIT,
    routes: wallRoutes(wallJson),
    join(peer: Peer, since?: string) {
      // The wall first (what is gathered goes to the others before it), then it hears what follows.
      const text = wholeWall();
      peers.add(peer);
      if (!text) {
        // It gets the wall with everyone else once the store answers.
        void load();
        return;
      }
      // What it missed, when that is less to send than the whole wall.
      const missed = sequence.since(since, text.length);
      for (const message of missed ?? [text]) peer.send(message);
    },
    leave(peer: Peer) {
      peers.delete(peer);
    },
    handle(peer: Peer, message: { t: string }) {
      if (message.t === "sync") return sync(peer);
      paint(peer, message as PaintRequest).catch((error: unknown) =>
        log.error("paint failed", { error: errorText(error) }),
      );
    },
    /** Writes what is still gathered, and stops. */
    stop: stopTopic({ repeating: stopRepeating, writes, sendLast: sendOutgoing }),
  } satisfies TopicModule;

  return {
    ...topic,
    /** A visitor's paint (what `handle` does with a paint message), resolved once it is gathered or refused. */
    paint,
    wall: wallJson,
    /** Writes what is gathered now (as the timer would). */
    flush: writes.flush,
    /** Reads the store now (as the periodic check does). */
    check: load,
  };
}

export type WallHub = ReturnType<typeof createWallHub>;
