import { LIVE_PATH } from "../../../contracts/live";
import type { ChannelAttempts } from "./channel";
import { type Answer, noServerHere, requestJson } from "./request";
import { BUSY_WITHOUT_WORD_MS } from "./server-word";
import type { FollowedTopic, TopicStatus } from "./topics";

/**
 * What a shared toy's page says about its connection, in one place for every shared toy: live;
 * reconnecting (what the visitor does waits); busy (the server is there but cannot take this page
 * now: what the visitor does waits, and the page tries again when the server said); unreachable
 * (the browser is online, but the site's server does not answer, or its proxy says it is away:
 * what the visitor does waits); offline (the browser says so); no server here (a static host: the page stops trying); or blocked
 * (the server answers over HTTP, and says it would take the channel, but WebSockets never get
 * through).
 */
export type Connection =
  | "connecting"
  | "live"
  | "reconnecting"
  | "busy"
  | "offline"
  | "unreachable"
  | "no-server"
  | "blocked";

/** The server is out of reach, and the page shows what it last saw (or nothing): not trying now, or in vain. */
export const isAway = (connection: Connection) =>
  connection === "offline" || connection === "no-server" || connection === "blocked";

/** Whether what the visitor does now is sent, now or once the server is back (it waits while reconnecting or busy). */
export const sendsLater = (connection: Connection) => !isAway(connection) && connection !== "connecting";

/**
 * Tries in a row that never opened, while the server answers over HTTP, that mean "blocked": counted
 * from the first question the server answered, since tries made while it was away (stopped, being
 * restarted, killed) failed for that reason, not the network's.
 */
export const BLOCKED_AFTER = 3;

/** A refusal over HTTP that means "busy, come back later": the server's, or its proxy's word for it. */
const isBusyStatus = (status: number) => status === 503 || status === 429;

/**
 * Follows a topic's channel state and, when a try to open the channel fails, asks the toy's own
 * HTTP address (`probePath`) whether the server is there at all: a static host's 404 page means no
 * server here (and the channel is given up for the page: asked once, never again until the page is
 * loaded anew), a proxy's 5xx page or no answer while the browser is online a server that cannot be
 * reached, no answer while it is offline offline, a 503 or 429 busy (with its Retry-After, which
 * holds the channel's next try back). A page cannot read the status of a refused upgrade, so after
 * BLOCKED_AFTER tries that never opened once the server had answered it asks the channel's own
 * address over plain HTTP
 * (LIVE_PATH): a server refusing channels says 503 or 429 there too, with its reason, and the page
 * says busy; only a server that would take the channel means the network blocks WebSockets. It asks
 * for the toy's state (a GET, handed to `onBody`) only while the page has none to show
 * (`wantsBody`), a HEAD otherwise. A channel that opened and closed (the server stopping) needs no
 * question, nor a busy server: it said so, and when to come back (handed to `set` with "busy" and
 * the server's words). Feed the topic's `onStatus` to the returned function (followTopicLater does,
 * given `connection`). It travels with the channel's code.
 */
export interface ConnectionWatchOptions {
  topic: () => FollowedTopic | null;
  probePath: string;
  wantsBody: () => boolean;
  current: () => Connection;
  /**
   * The page's connection is now `connection`; when busy, the next try is at `retryAt` (ms since
   * 1970), and `reason` is the server's word for why, when it gave one.
   */
  set: (connection: Connection, retryAt?: number, reason?: string) => void;
  /** The toy's state over HTTP, when it was asked for. */
  onBody?: (body: unknown) => void;
  /** Blocked: the toy gives back what it showed as the visitor's own. */
  onBlocked?: () => void;
}

/** The reason a busy answer's body gives (`{"error"}`), when it is one a page can show. */
const reasonOf = (body: unknown) => {
  const error = (body as { error?: unknown } | null)?.error;
  return typeof error === "string" && error.length <= 200 ? error : undefined;
};

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
  /**
   * The channel's unopened tries when the server was first seen answering over HTTP in this run of
   * failed tries: Infinity until then, and again once it does not answer, or the channel opens.
   */
  let answeringSince = Number.POSITIVE_INFINITY;
  /** Tries that never opened while the server was there to take them (negative: none). */
  const unopenedWhileThere = () => latest.unopened - answeringSince;

  /** Whether `answer` says the server is busy: if so, the page says so and holds its next try back. */
  function busy(answer: Answer) {
    if (answer.kind === "unreachable" || !isBusyStatus(answer.status)) return false;
    const waitMs = answer.retryAfterMs ?? BUSY_WITHOUT_WORD_MS;
    topic()?.holdOff(waitMs);
    set("busy", Date.now() + waitMs, answer.kind === "json" ? reasonOf(answer.body) : undefined);
    return true;
  }

  async function probe() {
    if (probing) return;
    probing = true;
    const answer = await requestJson(probePath, { method: wantsBody() ? "GET" : "HEAD" });
    const answers = answer.kind === "json" && answer.status === 200;
    const live = answers && unopenedWhileThere() >= BLOCKED_AFTER ? await requestJson(LIVE_PATH) : null;
    probing = false;
    if (topic()?.status === "open") return;
    if (!answers) answeringSince = Number.POSITIVE_INFINITY;
    if (noServerHere(answer)) {
      topic()?.giveUp();
      return set("no-server");
    }
    if (busy(answer)) return;
    if (answer.kind === "unreachable" || (answer.kind === "not-api" && answer.status >= 500)) {
      return set(navigator.onLine === false ? "offline" : "unreachable");
    }
    // Busy there: tries fail for that, and it is asked again after the next (never "blocked" while so).
    if (live && busy(live)) return;
    if (answer.retryAfterMs) topic()?.holdOff(answer.retryAfterMs);
    if (answers && answer.body) onBody?.(answer.body);
    // Only the tries after this answer count towards "blocked" (those before may have met a server
    // that was not there yet): the tries counted by now, as more may have failed while the
    // question was on its way.
    if (answers) answeringSince = Math.min(answeringSince, latest.unopened);
    // Enough tries failed with the API answering, and the channel's address not saying it is busy.
    if (live && unopenedWhileThere() >= BLOCKED_AFTER) {
      onBlocked?.();
      return set("blocked");
    }
    set("reconnecting");
  }

  return (status, attempts) => {
    latest = attempts;
    if (status === "open") answeringSince = Number.POSITIVE_INFINITY;
    if (status === "offline") set("offline");
    else if (status === "stopped") set("no-server");
    else if (status === "busy") set("busy", attempts.retryAt, attempts.reason);
    else if (status === "waiting") {
      const now = current();
      if (now === "live" || now === "connecting" || now === "busy") set("reconnecting");
      if (attempts.unopened > 0) void probe();
    }
  };
}
