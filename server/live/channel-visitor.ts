import { CLOSE, type VisitorMessage } from "../../contracts/live.ts";
import { errorText, type Logger } from "../ops/log.ts";
import type { PageChannel } from "./dispatch.ts";
import type { VisitorTokens } from "./visitor.ts";

/** Messages a channel keeps while the server decides who its visitor is. */
export const MAX_WAITING_MESSAGES = 16;

/** What a request is answered while no visitor token can be minted for its page, in `seconds`. */
export const mintWaitWords = (seconds: number | string) => `The site is very busy: it takes this in ${seconds} s.`;

export type Incoming = [data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean];

export interface ChannelVisitorOptions {
  channel: PageChannel;
  /** The keys the channel's address is counted under (the address, its /56). */
  keys: readonly string[];
  visitors: VisitorTokens;
  /** Channels one visitor token may have open at once; past it, a new token. */
  maxPerVisitor: number;
  /** How many channels are open under `key`, and counts one more (or less) there. */
  openUnder: (key: string) => number;
  count: (key: string, by: number) => void;
  /** Tells the page its new token. */
  sendToken: (message: VisitorMessage) => void;
  /** What the page sent, once the server knows who it is (dispatch.ts). */
  dispatch: (data: Incoming[0], isBinary: boolean) => void;
  /** Counts a refusal by its reason. */
  refused: (reason: "mint" | "visitor-replayed") => void;
  /** Whether the channel is still open. */
  isOpen: () => boolean;
  log: Logger;
}

/** The key a visitor's open channels are counted under. */
export const visitorKey = (id: string) => `visitor ${id}`;

/**
 * Who a channel's page is (visitor.ts): the token it named, when it is ours and not open on too
 * many channels at once, else a new one minted for it (at the mint's limit per address and /56)
 * and sent as `{"t":"visitor","token"}`. Until the channel has one, its messages wait (a few; more
 * close the channel); while the mint is refused, each request (a message with a number `n`) is
 * answered `no` with when to try again, by the channel, never by a topic, and the mint is tried
 * again then.
 */
export function createChannelVisitor({
  channel,
  keys,
  visitors,
  maxPerVisitor,
  openUnder,
  count,
  sendToken,
  dispatch,
  refused,
  isOpen,
  log,
}: ChannelVisitorOptions) {
  /** Who this channel is: unknown yet (undefined), not vouched for now (null), or a visitor's id. */
  let visitor: string | null | undefined;
  let visitorRetryAt = 0;
  /** Messages that came before the server knew who the visitor is. */
  let waiting: Incoming[] | null = [];
  let mintTimer: ReturnType<typeof setTimeout> | undefined;

  /** What the channel does with a page's message while it has no visitor it vouches for. */
  function unvouched(data: Incoming[0], isBinary: boolean): boolean {
    if (visitor !== null || isBinary) return false;
    let message: { topic?: unknown; n?: unknown };
    try {
      message = JSON.parse(String(data));
    } catch {
      return false;
    }
    if (typeof message !== "object" || message === null || !Number.isSafeInteger(message.n)) return false;
    const peer = typeof message.topic === "string" ? channel.following.get(message.topic)?.peer : undefined;
    if (!peer || !channel.allowed()) return false;
    const retryMs = Math.max(1000, visitorRetryAt - Date.now());
    peer.sendJson({
      t: "no",
      n: message.n as number,
      error: mintWaitWords(Math.ceil(retryMs / 1000)),
      retryMs,
    });
    return true;
  }

  function receive(data: Incoming[0], isBinary: boolean) {
    if (waiting) {
      if (waiting.length >= MAX_WAITING_MESSAGES) return channel.close(CLOSE.malformed, "Too many messages");
      waiting.push([data, isBinary]);
      return;
    }
    if (!unvouched(data, isBinary)) dispatch(data, isBinary);
  }

  /** What waited for the server to decide who the page is goes on now, as it would have then. */
  function settled() {
    const queued = waiting ?? [];
    waiting = null;
    for (const [data, isBinary] of queued) if (!unvouched(data, isBinary)) dispatch(data, isBinary);
  }

  function vouched(id: string, newToken?: string) {
    visitor = id;
    count(visitorKey(id), 1);
    if (newToken) sendToken({ t: "visitor", token: newToken });
    settled();
  }

  /** Not vouched for now: its requests are answered "later" until `retryMs`, and it is tried again then. */
  function notYet(retryMs: number, again: () => void) {
    visitor = null;
    visitorRetryAt = Date.now() + retryMs;
    settled();
    mintTimer = setTimeout(again, Math.min(retryMs, 60_000));
  }

  async function mint() {
    mintTimer = undefined;
    const minted = await visitors.mint(keys);
    if (!isOpen()) return;
    if ("token" in minted) return vouched(minted.id, minted.token);
    refused("mint");
    notYet(minted.waitMs, () => void identify(null));
  }

  /** Who the page is: the token it named when ours and not open too often, else a new one. */
  async function identify(named: string | null) {
    try {
      const read = await visitors.read(named);
      if (!isOpen()) return;
      if (read && openUnder(visitorKey(read.id)) < maxPerVisitor) return vouched(read.id, read.renewed);
      if (read) refused("visitor-replayed");
      await mint();
    } catch (error) {
      // The secret could not be read (the store away at start): try again in a moment.
      log.debug("visitor not identified", { error: errorText(error) });
      if (!isOpen()) return;
      notYet(2000, () => void identify(named));
    }
  }

  return {
    /** The visitor's id, or null while there is none the server vouches for. */
    id: () => visitor ?? null,
    identify,
    /** A message from the page: it waits, is answered "later", or goes to its topic. */
    receive,
    /** The channel closed: no more tries, and the visitor has one channel less open. */
    closed() {
      clearTimeout(mintTimer);
      if (visitor) count(visitorKey(visitor), -1);
    },
  };
}
