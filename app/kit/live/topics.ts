import {
  liveProtocols,
  liveUrl,
  readTopicFrame,
  type Topic,
  type TopicMessage,
  VISITOR_TOKEN_PATTERN,
} from "../../../contracts/live";
import { nextTask } from "../lib/next-task";
import { readItem, writeItem } from "../lib/storage";
import { type Channel, type ChannelAttempts, type ChannelStatus, openChannel } from "./channel";

/**
 * The topics a page follows, on one live channel for all of them (contracts/live.ts): each shared
 * toy follows its topic here and hears only its own messages (its JSON by their `topic`, its binary
 * frames by their topic's frame), with the channel's state as it changes. The channel is opened
 * once the page follows a topic, opened again with the new list when the list changes, and closed
 * when nothing is followed. A page reaches this file through follow-later.ts, once it is live.
 *
 * The visitor token the server gives on the channel (contracts/live.ts VisitorMessage) is kept in
 * localStorage, where every tab of the browser finds it, and named on every try to open the channel.
 */

/** Where the visitor token is kept: one for the browser, shared by its tabs. */
export const VISITOR_TOKEN_KEY = "visitorToken";

const visitorToken = (): string | undefined => {
  const stored = readItem(VISITOR_TOKEN_KEY);
  return typeof stored === "string" && VISITOR_TOKEN_PATTERN.test(stored) ? stored : undefined;
};

function keepVisitorToken(token: string) {
  if (VISITOR_TOKEN_PATTERN.test(token)) writeItem(VISITOR_TOKEN_KEY, token);
}

/** The channel's state, or "stopped": given up for this page, as there is no server here. */
export type TopicStatus = ChannelStatus | "stopped";

export interface TopicHandlers {
  onMessage(message: TopicMessage & Record<string, unknown>): void;
  onBinary?(payload: Uint8Array): void;
  onStatus?(status: TopicStatus, attempts: ChannelAttempts): void;
  /** Where the page left off on this topic (the server's resume token), asked at every try. */
  resume?(): string | undefined;
}

export interface FollowedTopic {
  /** Sends a message on this topic; false when the channel is not open (nothing is queued here). */
  send(message: { t: string; [field: string]: unknown }): boolean;
  readonly status: ChannelStatus;
  /** Waits at least `ms` before the channel's next try (the server said so over HTTP). */
  holdOff(ms: number): void;
  /**
   * There is no server here (a static host): the channel is closed and not tried again, for any
   * topic, until the page is loaded anew; every topic followed hears "stopped".
   */
  giveUp(): void;
  leave(): void;
}

const followed = new Map<Topic, TopicHandlers>();
let channel: Channel | null = null;
let opening = false;
/** No server here: nothing is opened again on this page. */
let givenUp = false;

function giveUp() {
  givenUp = true;
  channel?.close();
  channel = null;
  for (const handlers of followed.values()) handlers.onStatus?.("stopped", { failures: 0, unopened: 0 });
}

function reopen() {
  if (opening || givenUp) return;
  opening = true;
  // Topics followed in the same task (a page with two toys) share the first try, made in a task
  // of its own: opening the WebSocket and saying "connecting" to every toy were 12-15 ms under
  // Lighthouse on top of the toy's start (issue 55).
  nextTask(() => {
    opening = false;
    channel?.close();
    channel = null;
    if (followed.size === 0) return;
    const topics = [...followed.keys()];
    channel = openChannel({
      url: () => liveUrl(topics, Object.fromEntries(topics.map((topic) => [topic, followed.get(topic)?.resume?.()]))),
      protocols: () => liveProtocols(visitorToken()),
      onVisitor: keepVisitorToken,
      onText(text) {
        let message: TopicMessage & Record<string, unknown>;
        try {
          message = JSON.parse(text);
        } catch {
          return;
        }
        followed.get(message.topic)?.onMessage(message);
      },
      onBinary(data) {
        const frame = readTopicFrame(data);
        if (frame) followed.get(frame.topic)?.onBinary?.(frame.payload);
      },
      onStatus(status, attempts) {
        for (const handlers of followed.values()) handlers.onStatus?.(status, attempts);
      },
    });
  });
}

export function followTopic(topic: Topic, handlers: TopicHandlers): FollowedTopic {
  followed.set(topic, handlers);
  reopen();
  return {
    send: (message) => channel?.send(JSON.stringify({ topic, ...message })) ?? false,
    get status() {
      return channel?.status ?? "connecting";
    },
    holdOff: (ms) => channel?.holdOff(ms),
    giveUp,
    leave() {
      if (followed.get(topic) !== handlers) return;
      followed.delete(topic);
      reopen();
    },
  };
}
