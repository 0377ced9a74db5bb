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

/**
 * The write rule (sendWrite) for a link: how many replicas the primary has connected is asked
 * every second (ROLE, which never blocks), and a write waits for at most that many, for at most a
 * third of the store's deadline (500 ms at most): a replica answers WAIT in one round trip.
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
  let asking = false;
  async function look() {
    if (asking) return;
    asking = true;
    try {
      const role = (await Promise.race([
        client.sendCommand(["ROLE"]),
        new Promise((_, reject) => setTimeout(() => reject(new Error("ROLE: no answer")), waitMs).unref()),
      ])) as unknown[];
      const now = role[0] === "master" && Array.isArray(role[2]) ? role[2].length : 0;
      if (now !== connected) {
        if (now < wanted) {
          settings.log.warn(
            "redis primary has fewer replicas than writes wait for: acknowledged by the primary alone",
            {
              replicas: now,
              wanted,
            },
          );
        } else if (connected !== null) settings.log.info("redis primary has its replicas again", { replicas: now });
      }
      connected = now;
    } catch {
      // The primary does not answer: the next look asks again.
    } finally {
      asking = false;
    }
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
      if (connected === null) await look();
      const copies = Math.min(wanted, connected ?? 0);
      if (copies === 0) return settings.confirm ? writeAlone(settings.confirm, args) : client.sendCommand(args);
      const [reply, acked] = await pipeline(args, ["WAIT", String(copies), String(waitMs)]);
      if (Number(acked) < copies) {
        void look();
        throw new StoreUnavailable(`the write reached ${Number(acked)} of ${copies} replica(s) within ${waitMs} ms`);
      }
      return reply;
    });
  }
  return {
    replicas: () => (wanted > 0 ? connected : null),
    /** The primary may be another one now (a promotion, a reconnect): ask it before the next write. */
    forget: () => {
      connected = null;
    },
    stop: () => clearInterval(timer),
  };
}
