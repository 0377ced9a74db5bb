/**
 * A page on the live channel, as one of its topics sees it: what the topic sends goes to that page
 * in the topic's name (its JSON messages carry `topic`, its binary frames the topic's frame).
 */
export interface Peer {
  /** The client's address as the rate limits group it (client-address.ts): an IPv4 address or an IPv6 /64. */
  readonly address: string;
  /**
   * Every key the limits count this page's address under (client-address.ts limitKeys): its
   * address, and for IPv6 its /56 too.
   */
  readonly keys: readonly string[];
  /**
   * The visitor the server vouches this page is (server/live/visitor.ts): the id its limits and
   * votes are kept under. Null while it has none; the channel answers its requests itself then
   * (server/live/sockets.ts), so a topic's `handle` only ever meets a page with one.
   */
  readonly visitor: string | null;
  /** Sends a text already made for this topic (a numbered message); a closed or too slow page drops it. */
  send(text: string): void;
  /** Sends a message of this topic (its `topic` is added). */
  sendJson(message: { t: string; [field: string]: unknown }): void;
  /** Sends a binary payload in this topic's frame. */
  sendBinary(payload: Uint8Array): void;
}
