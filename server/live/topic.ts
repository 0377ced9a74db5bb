import type * as v from "valibot";
import type { Topic } from "../../contracts/live.ts";
import type { Peer } from "./peer.ts";

/**
 * A shared toy's side of the live channel, as the channel (sockets.ts) sees it: the channel knows
 * topics by name and nothing of what they carry. A page names the topics it follows when it opens
 * the channel; each topic module is told who came and went, and handles the messages a page may
 * send on it, which the channel has checked against the module's schemas first.
 */
export interface TopicModule {
  readonly topic: Topic;
  /** The messages a page may send on this topic, by their `t`, each with the schema it must meet. */
  readonly messages?: Readonly<Record<string, v.GenericSchema<unknown, { t: string }>>>;
  /** A page arrives, saying where it left off (`resume`, "epoch.seq") if it was here before. */
  join(peer: Peer, resume?: string): void;
  /** A page's message, of one of the kinds in `messages`, already checked. */
  handle?(peer: Peer, message: { t: string }): void;
  leave(peer: Peer): void;
}
