import { readTopicFrame } from "../../contracts/live.ts";
import { limitKeys } from "../http/client-address.ts";
import type { Peer } from "../live/peer.ts";

let visitors = 0;

/**
 * A page as a topic sees it, for a topic's tests: keeps what it is sent (JSON parsed, binary as
 * is). Each is a visitor of its own unless told (`visitor`), from `address`.
 */
export function testPeer(
  address = "127.0.0.1",
  visitor: string = `test-visitor-${++visitors}`,
): Peer & {
  texts: { t: string; [field: string]: unknown }[];
  binaries: Uint8Array[];
} {
  const texts: { t: string }[] = [];
  const binaries: Uint8Array[] = [];
  return {
    address,
    keys: limitKeys(address),
    visitor,
    texts,
    binaries,
    send: (text) => void texts.push(JSON.parse(text)),
    sendJson: (message) => void texts.push(message),
    sendBinary: (payload) => void binaries.push(payload),
    // A made message's binary payload carries its topic's frame, as sendBinary adds it.
    sendPrepared: ({ text, binary }) => {
      if (text !== undefined) texts.push(JSON.parse(text));
      else if (binary) binaries.push(readTopicFrame(binary)?.payload ?? binary);
    },
  };
}
