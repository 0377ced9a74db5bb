import * as v from "valibot";
import { CLOSE, type Topic } from "../../contracts/live.ts";
import { errorText, type Logger } from "../ops/log.ts";
import type { Metrics } from "../ops/metrics.ts";
import type { Peer } from "./peer.ts";
import type { TopicModule } from "./topic.ts";

/**
 * Where a page's message meets the topic it names: the one place that reads what a page sent on
 * the live channel, and the one fault boundary around everything done for it.
 *
 * Every name a page chooses (the topic, the message's kind `t`) is looked up in a Map made from the
 * module's own properties, never in a plain object: `{"t":"constructor"}` once found
 * Object.prototype's function in a topic's table, and the uncaught TypeError that followed ended
 * the process. Everything done for one message (parsing, the schema's check, the topic's
 * `handle`, and whatever promise it returns) runs inside `fault`: a throw or a rejection there
 * closes that page's channel with 1011, is logged and counted (`pointless_live_faults_total`), and
 * never reaches `uncaughtException`. A message the channel does not take closes it with 1008.
 */
export interface PageChannel {
  /** The topics this channel follows, each with the page as that topic's peer and its message limit. */
  following: ReadonlyMap<Topic, { peer: Peer; allowed: () => boolean }>;
  /** The channel's own message limit (all topics together). */
  allowed: () => boolean;
  /** Closes the channel with `code` and `reason` (once; later calls do nothing). */
  close(code: number, reason: string): void;
}

type Schema = v.GenericSchema<unknown, { t: string }>;

export function createDispatch(modules: readonly TopicModule[], { log, metrics }: { log: Logger; metrics?: Metrics }) {
  const tables = new Map<Topic, { module: TopicModule; kinds: ReadonlyMap<string, Schema> }>(
    modules.map((module) => [module.topic, { module, kinds: new Map(Object.entries(module.messages ?? {})) }]),
  );

  function malformed(channel: PageChannel, reason: string) {
    metrics?.channelsClosed.inc({ reason: "malformed" });
    channel.close(CLOSE.malformed, reason);
  }

  /** A fault of the server's own while it dealt with a page: that channel goes, the process stays. */
  function fault(channel: PageChannel, stage: string, topic: string, error: unknown) {
    metrics?.liveFaults.inc({ topic, stage });
    metrics?.channelsClosed.inc({ reason: "fault" });
    log.error("live message failed", { topic, stage, error: errorText(error) });
    channel.close(CLOSE.fault, "The server failed on that message");
  }

  /** One message; `at.topic` says which topic it reached, for a fault's log line. */
  function dispatch(
    channel: PageChannel,
    data: Buffer | ArrayBuffer | Buffer[],
    isBinary: boolean,
    at: { topic: string },
  ) {
    if (!channel.allowed()) return malformed(channel, "Too many messages");
    if (isBinary) return malformed(channel, "Text messages only");
    let parsed: unknown;
    try {
      const text = Array.isArray(data) ? Buffer.concat(data).toString() : Buffer.from(data as Buffer).toString();
      parsed = JSON.parse(text);
    } catch {
      return malformed(channel, "Not JSON");
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
      return malformed(channel, "Not a message this channel knows");
    }
    const { topic, ...message } = parsed as { topic?: unknown; t?: unknown };
    const following = typeof topic === "string" ? channel.following.get(topic) : undefined;
    const table = typeof topic === "string" ? tables.get(topic) : undefined;
    if (!following || !table) return malformed(channel, "Not a topic this channel follows");
    at.topic = table.module.topic;
    const schema = typeof message.t === "string" ? table.kinds.get(message.t) : undefined;
    if (!schema) return malformed(channel, "Not a message this topic knows");
    if (!following.allowed()) return malformed(channel, "Too many messages on one topic");
    const checked = v.safeParse(schema, message);
    if (!checked.success) return malformed(channel, "Not a message this topic knows");
    metrics?.messagesIn.inc({ topic: table.module.topic });
    guarded(channel, "handle", table.module.topic, () => table.module.handle?.(following.peer, checked.output));
  }

  /** A topic's step for a page, its throw and its promise's rejection both a fault. */
  function guarded(channel: PageChannel, stage: string, topic: Topic, step: () => unknown) {
    try {
      const result = step();
      if (result instanceof Promise) result.catch((error: unknown) => fault(channel, stage, topic, error));
    } catch (error) {
      fault(channel, stage, topic, error);
    }
  }

  return {
    /** The topics a channel may follow. */
    has: (topic: string) => tables.has(topic),
    names: () => [...tables.keys()],
    module: (topic: Topic) => tables.get(topic)?.module,
    /**
     * One message from a page, inside one boundary: it never throws, whatever the page sent and
     * whatever the topic does with it.
     */
    message(channel: PageChannel, data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) {
      const at = { topic: "unknown" };
      try {
        dispatch(channel, data, isBinary, at);
      } catch (error) {
        fault(channel, "message", at.topic, error);
      }
    },
    /**
     * A step of a topic's own for a page (its join, its leave), inside the same boundary: a fault
     * closes that page's channel (when it is still open) and is logged and counted.
     */
    guarded,
  };
}

export type Dispatch = ReturnType<typeof createDispatch>;
