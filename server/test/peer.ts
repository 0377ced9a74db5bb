import type { Peer } from "../live/peer.ts";

/** A page as a topic sees it, for a topic's tests: keeps what it is sent (JSON parsed, binary as is). */
export function testPeer(address = "127.0.0.1"): Peer & {
  texts: { t: string; [field: string]: unknown }[];
  binaries: Uint8Array[];
} {
  const texts: { t: string }[] = [];
  const binaries: Uint8Array[] = [];
  return {
    address,
    texts,
    binaries,
    send: (text) => void texts.push(JSON.parse(text)),
    sendJson: (message) => void texts.push(message),
    sendBinary: (payload) => void binaries.push(payload),
  };
}
