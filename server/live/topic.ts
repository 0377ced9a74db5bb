import type { Hono } from "hono";
import type * as v from "valibot";
import type { MessageLimit, Topic } from "../../contracts/live.ts";
import type { ApiEnv } from "../http/http-api.ts";
import type { Peer } from "./peer.ts";

/**
 * A shared toy's side of the live channel, as the channel (sockets.ts) sees it: the channel knows
 * topics by name and nothing of what they carry. A page names the topics it follows when it opens
 * the channel; each topic module is told who came and went (with where the page left off on it, if
 * it did), and handles the messages a page may send on it, which the channel has checked against
 * the module's schemas and its message limit first. The shape of Phoenix Channels: join, handle a
 * message, leave, and stop when the server stops.
 */
export interface TopicModule {
  readonly topic: Topic;
  /**
   * The messages a page may send on this topic, by their `t`, each with the schema it must meet
   * (without its `topic`, which the channel has checked). A message of another kind closes the channel.
   */
  readonly messages?: Readonly<Record<string, v.GenericSchema<unknown, { t: string }>>>;
  /** How many messages a page may send on this topic: `burst` at once, `perSecond` after. */
  readonly messageLimit?: MessageLimit;
  /** Routes of its own on the site's API (its state over plain HTTP, for a page without the channel). */
  readonly routes?: Hono<ApiEnv>;
  /** A page arrives, with where it left off on this topic (`resume`, "epoch.seq") if it was here before. */
  join(peer: Peer, resume?: string): void;
  /**
   * A page's message, of one of the kinds in `messages`, already checked. A throw, or a rejection
   * of the promise it returns, is a fault (server/live/dispatch.ts): that page's channel is closed
   * with 1011, and the process goes on.
   */
  handle?(peer: Peer, message: { t: string }): void | Promise<void>;
  leave(peer: Peer): void;
  /** Writes what it still holds, and stops its timers (the server is stopping). */
  stop(): Promise<void>;
}
