/**
 * A page on the live channel, as one of its topics sees it: what the topic sends goes to that page
 * in the topic's name (its JSON messages carry `topic`, its binary frames the topic's frame).
 */
export interface Peer {
  /** The client's address as the rate limits group it (client-address.ts). */
  readonly address: string;
  /** Sends a text already made for this topic (a numbered message); a closed or too slow page drops it. */
  send(text: string): void;
  /** Sends a message of this topic (its `topic` is added). */
  sendJson(message: { t: string; [field: string]: unknown }): void;
  /** Sends a binary payload in this topic's frame. */
  sendBinary(payload: Uint8Array): void;
}
