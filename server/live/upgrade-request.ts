import type { IncomingMessage } from "node:http";
import { LIVE_PATH, MAX_TOPICS, readResume, type Topic, VISITOR_PROTOCOL_PREFIX } from "../../contracts/live.ts";
import { pathOf } from "../http/http.ts";

/**
 * What an upgrade to the live channel asks for, read from its request (sockets.ts decides what to
 * do with it): the topics, where the page left off on each, and the visitor token it names among
 * its subprotocols (never in the URL, which a proxy's access log keeps); or, for an upgrade no
 * page of this site makes, the HTTP refusal it gets.
 */
export type UpgradeRequest =
  | { topics: Topic[]; resume: Map<Topic, string>; token: string | null }
  | { status: string; error: string; reason: string };

export function readUpgrade(req: IncomingMessage, names: readonly string[]): UpgradeRequest {
  const target = req.url ?? "";
  if (pathOf(target) !== LIVE_PATH)
    return { status: "404 Not Found", error: "There is no such channel.", reason: "path" };
  const query = new URLSearchParams(target.slice(target.indexOf("?") + 1));
  const named = (query.get("topics") ?? "").split(",");
  const topics = [...new Set(named)];
  if (named.length > Math.min(MAX_TOPICS, names.length) || !topics.every((t) => names.includes(t))) {
    return {
      status: "400 Bad Request",
      error: `Name the topics to follow, each once: ${names.join(", ")}.`,
      reason: "topics",
    };
  }
  // A page of another site may not open this site's channel in its visitors' browsers.
  const origin = req.headers.origin;
  if (origin !== undefined && !sameHost(origin, req.headers.host)) {
    return { status: "403 Forbidden", error: "This channel is for the site's own pages.", reason: "origin" };
  }
  return {
    topics,
    resume: readResume(query.get("resume")),
    token: visitorOf(req.headers["sec-websocket-protocol"]),
  };
}

/** The visitor token a page names among its subprotocols (contracts/live.ts liveProtocols), or null. */
function visitorOf(header: string | string[] | undefined): string | null {
  const offered = (Array.isArray(header) ? header.join(",") : (header ?? "")).split(",").slice(0, 4);
  for (const protocol of offered.map((p) => p.trim())) {
    if (protocol.startsWith(VISITOR_PROTOCOL_PREFIX)) return protocol.slice(VISITOR_PROTOCOL_PREFIX.length);
  }
  return null;
}

export function sameHost(origin: string, host: string | undefined) {
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** The bytes of a message as ws hands it over. */
export const frameBytes = (data: Buffer | ArrayBuffer | Buffer[]) =>
  Array.isArray(data) ? data.reduce((sum, part) => sum + part.length, 0) : data.byteLength;
