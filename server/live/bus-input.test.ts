import type { ChildProcess } from "node:child_process";
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startRedis, startSiteProcess, stopProcess } from "../../scripts/lib/local-servers.ts";
import { type LiveClient, openLive, poppedIn, requestNumber } from "../test/live-client.ts";
import { sharedViews } from "../test/shared-views.ts";
import { makeSiteFixture } from "../test/site-fixture.ts";

/**
 * Issue 56: the bus between server processes is an input like any other. Two real server
 * processes on one Redis: `now`, this build, and `next`, this build publishing as the next version
 * would (BUS_PUBLISH_NEXT: every message of version 2 with a field this build does not know, each
 * followed by a message of a kind it does not know), as during a rolling deploy. What a visitor
 * does on either reaches the visitors of the other, nothing is lost and no server ends; and
 * whatever else is published on the site's channels is dropped and counted, the server up.
 */
const TOPICS = ["bubbles", "wall", "polls", "claps", "clicks"];

interface Server {
  origin: string;
  child: ChildProcess;
  metricsPort: number;
}

let redis: { url: string; child: ChildProcess };
let site: ReturnType<typeof makeSiteFixture>;
let now: Server;
let next: Server;
const clients: LiveClient[] = [];

async function startServer(env: Record<string, string> = {}): Promise<Server> {
  const metricsPort = await freePort();
  const { origin, child } = await startSiteProcess({
    SITE_DIR: site.client,
    REDIS_URL: redis.url,
    TRUST_PROXY: "loopback",
    BUBBLES_SHEET_SIZE: "500",
    WALL_COOLDOWN_S: "1",
    METRICS_PORT: String(metricsPort),
    ...env,
  });
  return { origin, child, metricsPort };
}

beforeAll(async () => {
  site = makeSiteFixture();
  redis = await startRedis();
  now = await startServer();
  next = await startServer({ BUS_PUBLISH_NEXT: "1" });
}, 30_000);

afterAll(async () => {
  for (const client of clients) client.ws.terminate();
  await Promise.all([now && stopProcess(now.child), next && stopProcess(next.child)]);
  if (redis) await stopProcess(redis.child);
  site?.remove();
});

async function visitor(server: Server, address: string) {
  const client = await openLive(server.origin, TOPICS, { headers: { "X-Forwarded-For": address } });
  clients.push(client);
  await client.until(
    () => client.sheet !== null && client.visitor !== null && sharedViews(client.messages).wall !== null,
  );
  return client;
}

const send = (client: LiveClient, topic: string, message: object) => {
  const n = requestNumber();
  client.send({ topic, n, ...message });
  return client.until(() => client.messages.some((m) => (m.t === "ok" || m.t === "no") && m.n === n));
};

const metricsOf = async (server: Server) => (await fetch(`http://127.0.0.1:${server.metricsPort}/metrics`)).text();

/** What one visitor does on every shared toy, from `address`; `k` keeps it apart from the other's. */
async function everything(server: Server, client: LiveClient, k: number, address: string) {
  await send(client, "bubbles", { t: "pop", sheet: client.sheet?.sheet, i: [k, k + 10] });
  await send(client, "wall", { t: "paint", id: `paint-${k}-aaaaaaaa`, cell: k, e: k });
  await send(client, "polls", { t: "vote", q: k, a: 1, device: `device-${k}-aaaaaaaaaaaa` });
  await send(client, "claps", { t: "clap", page: `page-${k}-aaaaaaaaaaaaaa`, batch: 1, count: 5 + k });
  const clicked = await fetch(`${server.origin}/api/clicks`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": address },
    body: JSON.stringify({ device: `clicker-${k}-aaaaaaaaaaaa`, from: 0, to: 3 }),
  });
  expect(clicked.status).toBe(200);
}

describe("a rolling deploy to a next version of the bus's messages", () => {
  it("loses nothing either way between the two builds, and ends no server", async () => {
    const onNow = await visitor(now, "198.51.100.1");
    const onNext = await visitor(next, "198.51.100.2");
    await everything(next, onNext, 1, "198.51.100.2");
    await everything(now, onNow, 2, "198.51.100.1");
    for (const client of [onNow, onNext]) {
      await client.until(() => {
        const views = sharedViews(client.messages);
        return (
          [1, 11, 2, 12].every((i) => poppedIn(client.sheet).includes(i)) &&
          views.wall?.[1] === "1" &&
          views.wall?.[2] === "2" &&
          views.polls?.[1]?.[1] === 1 &&
          views.polls?.[2]?.[1] === 1 &&
          views.claps === 13 &&
          views.clicks === 6
        );
      }, 10_000);
    }
    expect(now.child.exitCode).toBeNull();
    expect(next.child.exitCode).toBeNull();
    // This build dropped the next one's new kind, counted, and nothing as malformed or a fault.
    const counted = await metricsOf(now);
    expect(counted).toMatch(/pointless_bus_messages_dropped_total\{channel="bubbles",reason="unknown-kind"\} [1-9]/);
    expect(counted).not.toMatch(/reason="(malformed|fault)"\} [1-9]/);
  });
});

describe("what else is published on the site's channels", () => {
  it("is dropped and counted by reason, the server up, and the next good message taken", async () => {
    const publisher = createClient({ url: redis.url });
    await publisher.connect();
    const hostile = [
      "null",
      "[]",
      "42",
      '"text"',
      "not json",
      "{",
      '{"version":"2","kind":"total","total":5}',
      '{"version":1,"kind":"constructor","total":5}',
      '{"version":1,"kind":"__proto__","total":5}',
      '{"version":1,"kind":"total","total":-1}',
      '{"version":1,"kind":"total","total":"99999"}',
      '{"version":1,"kind":"total","total":1e300}',
      '{"version":1,"kind":"total"}',
    ];
    for (const channel of TOPICS) {
      for (const message of hostile) await publisher.publish(`{pointless}:live:${channel}`, message);
    }
    await publisher.publish("{pointless}:live:clicks", '{"version":1,"kind":"total","total":1000}');
    const watching = await visitor(now, "198.51.100.3");
    await watching.until(() => sharedViews(watching.messages).clicks === 1000, 5000);
    await publisher.close();
    expect(now.child.exitCode).toBeNull();
    expect(next.child.exitCode).toBeNull();
    const counted = await metricsOf(now);
    for (const reason of ["not-json", "not-an-object", "version", "unknown-kind", "malformed"]) {
      expect(counted, reason).toMatch(
        new RegExp(`pointless_bus_messages_dropped_total\\{channel="clicks",reason="${reason}"\\} [1-9]`),
      );
    }
    expect(counted).not.toMatch(/reason="fault"\} [1-9]/);
  });
});
