import { withinDeadline } from "./deadline.ts";
import type { Logger } from "./log.ts";
import { NotReplicated, StoreUnavailable } from "./store-guard.ts";

/**
 * The write rule of docs/decisions/0006: a store's write is acknowledged once the replicas the
 * Redis primary has connected have it (WAIT), for redis.ts's links. Knows no client type of its
 * own: any client that sends a command.
 */
interface Commands {
  sendCommand(args: string[]): Promise<unknown>;
}

/** How each link sends a write that must be on the replicas before it is acknowledged. */
const writers = new WeakMap<object, (args: string[]) => Promise<unknown>>();

/**
 * Sends a write (a store's script) and resolves with its reply once it is acknowledged: on a link
 * that waits for replicas, when the replicas the primary has connected (up to REDIS_WAIT_REPLICAS)
 * have it (with none connected, see replicaWatch), else as soon as the primary has. A write that
 * did not reach them in time rejects: the page is told "later" and sends it again, and every store
 * applies a write sent again once.
 */
export function sendWrite(client: Commands, args: string[]): Promise<unknown> {
  const write = writers.get(client);
  return write ? write(args) : client.sendCommand(args);
}

/** A pipeline of `args` then WAIT on one connection: the WAIT covers exactly that write. */
export type Pipeline = (args: string[], wait: string[]) => Promise<unknown[]>;

/** What a link knows of its primary's replicas: a count, or why it does not know. */
export type ReplicaCount = number | "unknown";

/** REDIS_ALONE_AFTER_S's default: more than a failover takes to end with the old primary a replica (decision 0010). */
export const DEFAULT_ALONE_AFTER_S = 60;

/** The words a ROLE timeout leaves, told from a refusal (an error the primary answered). */
const NO_ANSWER = "ROLE: no answer";

/**
 * The write rule (sendWrite) for a link: how many replicas the primary has connected is asked
 * every second (ROLE, which never blocks), and a write waits for at most that many, for at most a
 * third of the store's deadline (500 ms at most): a replica answers WAIT in one round trip.
 *
 * While the count is unknown (after a reset, a reconnect or a promotion, `forget`) a write waits
 * for the look under way, never taking "unknown" for none; an answer from before the `forget` is of
 * another primary and is dropped. Where ROLE is refused (an ACL without `@dangerous`) or
 * unanswered, a write waits for the number configured and WAIT says whether they have it; where
 * it is refused, `replicas()` says "unknown", which /readyz shows as a warning, and the log says
 * so once.
 *
 * While the primary has no replica connected, a write is refused ("later") until it has had none
 * for `aloneAfterMs` (REDIS_ALONE_AFTER_S) as this link saw it, and only then acknowledged by the
 * primary alone (docs/decisions/0010); the count begins again with another primary (with Sentinel,
 * another address; with REDIS_URL, any reconnect, which may be a failover behind the name). What
 * takes a replica away is mostly a failover, and the node that comes back from it (the old primary,
 * started again) is a primary of its own, with the data it had when it died, until the Sentinels
 * make it a replica (about 10 s after it is back), and promotable all along: a second failover
 * meanwhile, which a Sentinel's false alarm starts (on loopback, one second after the first),
 * promotes it, and everything the primary took alone was gone (e2e/fleet-redis-failover, CI on
 * 2026-12-04: 17 acknowledged pops).
 */
export function replicaWatch(
  client: Commands,
  pipeline: Pipeline,
  settings: {
    waitReplicas?: number;
    /** How long the primary must have had no replica before a write is acknowledged by it alone. */
    aloneAfterMs?: number;
    deadlineMs: number;
    log: Logger;
    /**
     * With Sentinel: the primary the link writes to, and the one the Sentinels name now. A write
     * acknowledged by a primary alone (no replica to wait for) is acknowledged only if they agree
     * after it: an old primary that came back is a primary alone too, until the Sentinels make it
     * a replica and it drops what it took.
     */
    confirm?: { primary(): string | undefined; named(): Promise<string | undefined> };
  },
) {
  const wanted = settings.waitReplicas ?? 0;
  const aloneAfterMs = settings.aloneAfterMs ?? DEFAULT_ALONE_AFTER_S * 1000;
  /** Since when the primary has had no replica (this link's first answer of none), or null. */
  let aloneSince: number | null = null;
  /** Which primary that was (with Sentinel; undefined with REDIS_URL). */
  let aloneOn: string | undefined;
  /** The log said that the primary alone acknowledges writes now (once per time without a replica). */
  let aloneSaid = false;
  const waitMs = Math.max(50, Math.min(500, Math.floor(settings.deadlineMs / 3)));
  let connected: number | null = null;
  /** Why the primary refuses ROLE (its error reply: an ACL, a renamed command), or null. */
  let refused: string | null = null;
  /** Bumped by `forget`: an answer to a question asked before it is of another primary, and dropped. */
  let generation = 0;
  let asking: Promise<void> | null = null;
  /** Asks ROLE, or joins the question under way: whoever waits for the count waits for its answer. */
  function look(): Promise<void> {
    if (asking) return asking;
    const mine: Promise<void> = ask(generation).finally(() => {
      if (asking === mine) asking = null;
    });
    asking = mine;
    return mine;
  }
  async function ask(asked: number) {
    let role: unknown[];
    try {
      role = (await withinDeadline(client.sendCommand(["ROLE"]), waitMs, () => new Error(NO_ANSWER))) as unknown[];
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      // A refusal is the primary's own error reply ("NOPERM ...", "ERR unknown command ..."): said
      // once, as it lasts. No answer at all, or no connection, is the store's outage, which the
      // store's guard logs; the count stays unknown until the next look.
      if (asked !== generation || why === NO_ANSWER || !/^[A-Z][A-Z_]+ /.test(why)) return;
      if (refused !== why) {
        settings.log.warn(
          "redis primary refuses ROLE: each write waits for the replicas configured, and is refused when WAIT says fewer have it",
          { wanted, error: why },
        );
      }
      refused = why;
      return;
    }
    if (asked !== generation) return;
    const now = role[0] === "master" && Array.isArray(role[2]) ? role[2].length : 0;
    if (now !== connected) {
      if (now === 0) {
        settings.log.warn(
          aloneAfterMs > 0
            ? "redis primary has no replica: writes are refused until one is back, or acknowledged by the primary alone once it has had none for REDIS_ALONE_AFTER_S"
            : "redis primary has no replica: writes are acknowledged by the primary alone (REDIS_ALONE_AFTER_S=0)",
          { wanted, aloneAfterS: aloneAfterMs / 1000 },
        );
      } else if (now < wanted) {
        settings.log.warn("redis primary has fewer replicas than writes wait for: each write waits for those it has", {
          replicas: now,
          wanted,
        });
      } else if (connected !== null) settings.log.info("redis primary has its replicas again", { replicas: now });
    }
    const on = settings.confirm?.primary();
    if (now > 0) aloneSince = null;
    else if (aloneSince === null || on !== aloneOn) {
      aloneSince = Date.now();
      aloneOn = on;
      aloneSaid = false;
    }
    connected = now;
    refused = null;
  }
  async function writeAlone(confirm: NonNullable<typeof settings.confirm>, args: string[]) {
    const node = confirm.primary();
    const reply = await client.sendCommand(args);
    const named = await confirm.named();
    if (node === undefined || named !== node || confirm.primary() !== node) {
      connected = null;
      throw new StoreUnavailable(
        `the write went to ${node ?? "no primary"}, a primary alone that the Sentinels do not name (they name ${named ?? "none"})`,
      );
    }
    return reply;
  }
  const timer = wanted > 0 ? setInterval(() => void look(), 1000) : undefined;
  timer?.unref();
  if (wanted > 0) {
    writers.set(client, async (args) => {
      // Unknown: wait for the answer (the new primary's, if it changed meanwhile), unless the
      // primary is known to refuse the question.
      for (let asked = -1; connected === null && refused === null && asked !== generation; ) {
        asked = generation;
        await look();
      }
      // Still unknown (ROLE refused, or unanswered): the number configured, and WAIT says.
      const copies = connected === null ? wanted : Math.min(wanted, connected);
      if (copies === 0) {
        const aloneMs = Date.now() - (aloneSince ?? Date.now());
        if (aloneMs < aloneAfterMs) {
          throw new NotReplicated(
            `the Redis primary has had no replica for ${Math.round(aloneMs / 1000)} s: writes wait for one (or ${aloneAfterMs / 1000} s without)`,
          );
        }
        if (!aloneSaid && aloneAfterMs > 0) {
          aloneSaid = true;
          settings.log.warn(
            "redis primary has had no replica for REDIS_ALONE_AFTER_S: writes are acknowledged by it alone",
            {
              aloneAfterS: aloneAfterMs / 1000,
            },
          );
        }
        return settings.confirm ? writeAlone(settings.confirm, args) : client.sendCommand(args);
      }
      const [reply, acked] = await pipeline(args, ["WAIT", String(copies), String(waitMs)]);
      // Not a count (an error in its place, a pipeline cut short): no replica is known to have it.
      if (!(Number(acked) >= copies)) {
        void look();
        throw new StoreUnavailable(`the write reached ${Number(acked)} of ${copies} replica(s) within ${waitMs} ms`);
      }
      return reply;
    });
  }
  return {
    /** Null when writes do not wait for replicas; "unknown" while the primary does not say. */
    replicas: (): ReplicaCount | null => (wanted > 0 ? (connected ?? (refused === null ? null : "unknown")) : null),
    /**
     * The primary may be another one now (a promotion, a reconnect): ask it at once, and before the
     * next write; a question to the old one still under way is not waited for, and its answer dropped.
     */
    forget: () => {
      connected = null;
      // With REDIS_URL, a reconnect may be to another primary (a failover behind the name): its
      // time without a replica begins when it says it has none. With Sentinel, the address tells.
      if (!settings.confirm) aloneSince = null;
      refused = null;
      generation++;
      asking = null;
      if (wanted > 0) void look();
    },
    stop: () => clearInterval(timer),
  };
}
