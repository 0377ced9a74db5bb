import type { Logger } from "./log.ts";
import { StoreUnavailable } from "./store-guard.ts";

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
 * have it, else as soon as the primary has. A write that did not reach them in time rejects: the
 * page is told "later" and sends it again, and every store applies a write sent again once.
 */
export function sendWrite(client: Commands, args: string[]): Promise<unknown> {
  const write = writers.get(client);
  return write ? write(args) : client.sendCommand(args);
}

/** A pipeline of `args` then WAIT on one connection: the WAIT covers exactly that write. */
export type Pipeline = (args: string[], wait: string[]) => Promise<unknown[]>;

/** What a link knows of its primary's replicas: a count, or why it does not know. */
export type ReplicaCount = number | "unknown";

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
 */
export function replicaWatch(
  client: Commands,
  pipeline: Pipeline,
  settings: {
    waitReplicas?: number;
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
      role = (await Promise.race([
        client.sendCommand(["ROLE"]),
        new Promise((_, reject) => setTimeout(() => reject(new Error(NO_ANSWER)), waitMs).unref()),
      ])) as unknown[];
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
      if (now < wanted) {
        settings.log.warn("redis primary has fewer replicas than writes wait for: acknowledged by the primary alone", {
          replicas: now,
          wanted,
        });
      } else if (connected !== null) settings.log.info("redis primary has its replicas again", { replicas: now });
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
      if (copies === 0) return settings.confirm ? writeAlone(settings.confirm, args) : client.sendCommand(args);
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
      refused = null;
      generation++;
      asking = null;
      if (wanted > 0) void look();
    },
    stop: () => clearInterval(timer),
  };
}
