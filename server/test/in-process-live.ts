import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import * as v from "valibot";
import { afterEach } from "vitest";
import WebSocket from "ws";
import type { Topic } from "../../contracts/live.ts";
import { limitKeys } from "../http/client-address.ts";
import type { Peer } from "../live/peer.ts";
import { createLiveSockets, type LiveOptions } from "../live/sockets.ts";
import type { TopicModule } from "../live/topic.ts";
import { createVisitorTokens } from "../live/visitor.ts";
import type { FleetLimiter } from "../ops/limiter.ts";
import { createLogger } from "../ops/log.ts";
import { createMetrics } from "../ops/metrics.ts";

/**
 * The live channel (server/live/sockets.ts) in the test's own process, on a free loopback port,
 * with topics the test gives: for the channel's tests, which read what it did to its topics. A
 * fault that escaped the channel would end the test run as it ended the server. Closed after
 * each test.
 */
export const allow: FleetLimiter = { take: async () => 0 };
export const testSecret = async () => Buffer.from("a test secret of at least thirty-two characters");

const undo: (() => void)[] = [];
afterEach(() => {
  for (const step of undo.splice(0).reverse()) step();
});

export async function serveLive(options: Partial<LiveOptions> & Pick<LiveOptions, "topics">) {
  const lines: { level: string; msg: string; [field: string]: unknown }[] = [];
  const metrics = createMetrics();
  const live = createLiveSockets({
    log: createLogger("debug", (line) => lines.push(JSON.parse(line))),
    addressOf: (req) => String(req.headers["x-test-address"] ?? "127.0.0.1"),
    keysOf: limitKeys,
    maxConnections: 100,
    maxPerAddress: 50,
    maxPerBlock: 50,
    maxPerVisitor: 4,
    upgrades: allow,
    visitors: createVisitorTokens({ secret: testSecret, mintLimit: allow }),
    metrics,
    ...options,
  });
  const server = createServer((_, res) => res.end());
  server.on("upgrade", live.upgrade);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  undo.push(() => server.close());
  undo.push(() => live.close());
  return { live, metrics, lines, url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** A topic that notes every join, message and leave, and takes messages of `kinds` (each `{ t }` only). */
export function notingTopic(topic: Topic, kinds: string[] = []) {
  const joins: { peer: Peer; resume?: string }[] = [];
  const handled: { peer: Peer; message: { t: string } }[] = [];
  let left = 0;
  const module: TopicModule = {
    topic,
    messages: Object.fromEntries(kinds.map((t) => [t, v.looseObject({ t: v.literal(t), n: v.optional(v.number()) })])),
    join: (peer, resume) => {
      joins.push({ peer, resume });
      peer.sendJson({ t: "welcome", topic });
    },
    handle: (peer, message) => void handled.push({ peer, message }),
    leave: () => void left++,
    stop: async () => {},
  };
  return { module, joins, handled, left: () => left };
}

export type Said = { t: string; [field: string]: unknown };

/**
 * Opens a channel; resolves with the texts it receives, or rejects with the HTTP status of a
 * refusal. A channel the server is too busy to take opens, says `busy` and closes with 4429.
 */
export function openChannel(url: string, path: string, headers: Record<string, string> = {}, protocols: string[] = []) {
  const ws = new WebSocket(url + path, protocols, { headers });
  const texts: Said[] = [];
  ws.on("message", (data, isBinary) => {
    if (!isBinary) texts.push(JSON.parse(data.toString()));
  });
  const closed = new Promise<number>((resolve) => ws.on("close", (code) => resolve(code)));
  return new Promise<{ ws: WebSocket; texts: Said[]; closed: Promise<number> }>((resolve, reject) => {
    ws.once("open", () => resolve({ ws, texts, closed }));
    ws.once("unexpected-response", (_, response) =>
      reject(new Error(`refused: ${response.statusCode} retry-after=${response.headers["retry-after"]}`)),
    );
    ws.once("error", reject);
  });
}

/** Opens a channel the server must refuse as busy: what it said (its visitor message aside), and its close code. */
export async function busyChannel(url: string, path: string, headers: Record<string, string> = {}) {
  const page = await openChannel(url, path, headers);
  const code = await page.closed;
  return { code, said: page.texts.filter((m) => m.t !== "visitor") };
}
