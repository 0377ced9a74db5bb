import type { ChannelAttempts } from "./channel";
import { noServerHere, requestJson } from "./request";
import type { FollowedTopic, TopicStatus } from "./topics";

/**
 * What a shared toy's page says about its connection, in one place for every shared toy: live;
 * reconnecting (what the visitor does waits); busy (the server is there but cannot take this page
 * now: what the visitor does waits, and the page tries again when the server said); offline; no
 * server here (a static host: the page stops trying); or blocked (the server answers over HTTP,
 * but WebSockets never get through).
 */
export type Connection = "connecting" | "live" | "reconnecting" | "busy" | "offline" | "no-server" | "blocked";

/** The server is out of reach, and the page shows what it last saw (or nothing): not trying now, or in vain. */
export const isAway = (connection: Connection) =>
  connection === "offline" || connection === "no-server" || connection === "blocked";

/** Whether what the visitor does now is sent, now or once the server is back (it waits while reconnecting or busy). */
export const sendsLater = (connection: Connection) => !isAway(connection) && connection !== "connecting";

/** Tries in a row that never opened, while the server answers over HTTP, that mean "blocked". */
export const BLOCKED_AFTER = 3;

/**
 * Follows a topic's channel state and, when a try to open the channel fails, asks the toy's own
 * HTTP address (`probePath`) whether the server is there at all: a static host's 404 page means no
 * server here (and the channel is given up for the page: asked once, never again until the page is
 * loaded anew), a proxy's 5xx page a server away for a moment, no answer offline, and a
 * Retry-After holds the channel's next try back. It asks for the toy's state (a GET, handed to
 * `onBody`) only while the page has none to show (`wantsBody`), a HEAD otherwise. A channel that
 * opened and closed (the server stopping) needs no question, nor a busy server: it said so, and
 * when to come back (handed to `set` with "busy"). Feed the topic's `onStatus` to the returned
 * function (followTopicLater does, given `connection`). It travels with the channel's code.
 */
export interface ConnectionWatchOptions {
  topic: () => FollowedTopic | null;
  probePath: string;
  wantsBody: () => boolean;
  current: () => Connection;
  /** The page's connection is now `connection`; when busy, the next try is at `retryAt` (ms since 1970). */
  set: (connection: Connection, retryAt?: number) => void;
  /** The toy's state over HTTP, when it was asked for. */
  onBody?: (body: unknown) => void;
  /** Blocked: the toy gives back what it showed as the visitor's own. */
  onBlocked?: () => void;
}

export function watchConnection({
  topic,
  probePath,
  wantsBody,
  current,
  set,
  onBody,
  onBlocked,
}: ConnectionWatchOptions): (status: TopicStatus, attempts: ChannelAttempts) => void {
  let probing = false;
  let latest: ChannelAttempts = { failures: 0, unopened: 0 };

  async function probe() {
    if (probing) return;
    probing = true;
    const answer = await requestJson(probePath, { method: wantsBody() ? "GET" : "HEAD" });
    probing = false;
    if (topic()?.status === "open") return;
    if (noServerHere(answer)) {
      topic()?.giveUp();
      return set("no-server");
    }
    if (answer.kind === "unreachable") return set("offline");
    if (answer.retryAfterMs) topic()?.holdOff(answer.retryAfterMs);
    // The tries counted by now: more may have failed while the question was on its way.
    if (answer.kind === "json" && answer.status === 200 && latest.unopened >= BLOCKED_AFTER) {
      onBlocked?.();
      return set("blocked");
    }
    if (answer.kind === "json" && answer.status === 200 && answer.body) onBody?.(answer.body);
    set("reconnecting");
  }

  return (status, attempts) => {
    latest = attempts;
    if (status === "offline") set("offline");
    else if (status === "stopped") set("no-server");
    else if (status === "busy") set("busy", attempts.retryAt);
    else if (status === "waiting") {
      const now = current();
      if (now === "live" || now === "connecting" || now === "busy") set("reconnecting");
      if (attempts.unopened > 0) void probe();
    }
  };
}
