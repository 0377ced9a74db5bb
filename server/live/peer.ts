/** A visitor connected to the live channel, as a feature sees it. */
export interface Peer {
  /** The client's address as the rate limits group it (client-address.ts). */
  readonly address: string;
  /** Sends a text or binary message; a closed or too slow connection drops it. */
  send(data: string | Uint8Array): void;
  sendJson(message: object): void;
}
