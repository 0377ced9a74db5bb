import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPopped } from "../../contracts/bubbles.ts";
import type { NoMessage, OkMessage } from "../../contracts/live.ts";
import { startSiteProcess, stopProcess } from "../../scripts/lib/local-servers.ts";
import { openLive, poppedIn } from "../test/live-client.ts";
import { ownRedis } from "../test/own-redis.ts";
import { makeSiteFixture } from "../test/site-fixture.ts";

/**
 * Two server processes on one real Redis (each its own, with an append-only file, so a restart
 * keeps what Redis acknowledged): visitors on either see each other's pops, and a server killed
 * while visitors pop loses none of the pops it acknowledged.
 */
const redis = ownRedis({ appendOnly: true });
let site: ReturnType<typeof makeSiteFixture>;
const SIZE = 2000;
const env = () => ({
  SITE_DIR: site.client,
  REDIS_URL: redis.url,
  BUBBLES_SHEET_SIZE: String(SIZE),
  LIVE_MAX_PER_ADDRESS: "50",
  BUBBLES_POP_LIMIT: "100000/1000000",
});

beforeAll(() => {
  site = makeSiteFixture();
});
afterAll(() => site.remove());

describe("two servers on one Redis", () => {
  it("show each other's visitors' pops live", async () => {
    const [a, b] = await Promise.all([startSiteProcess(env()), startSiteProcess(env())]);
    try {
      const onA = await openLive(a.origin, ["bubbles"]);
      const onB = await openLive(b.origin, ["bubbles"]);
      await Promise.all([onA.until(() => onA.sheet !== null), onB.until(() => onB.sheet !== null)]);
      onA.send({ t: "pop", n: 1, sheet: onA.sheet?.sheet, i: [11, 12] });
      await onA.until(() => onA.messages.some((m) => m.t === "ok"));
      await onB.until(() => isPopped(onB.sheet?.bits ?? new Uint8Array(), 12), 2000);
      onB.send({ t: "pop", n: 1, sheet: onB.sheet?.sheet, i: [13] });
      await onA.until(() => isPopped(onA.sheet?.bits ?? new Uint8Array(), 13), 2000);
      await onB.until(() => isPopped(onB.sheet?.bits ?? new Uint8Array(), 13), 2000);
      expect(poppedIn(onA.sheet)).toEqual(poppedIn(onB.sheet));
      // Both count the people on either server.
      await onA.until(() => onA.messages.some((m) => m.t === "tick" && m.here === 2), 8000);
      onA.close();
      onB.close();
    } finally {
      await Promise.all([stopProcess(a.child), stopProcess(b.child)]);
    }
    // Presence is counted every few seconds.
  }, 20_000);
});

describe("a server killed while visitors pop", () => {
  it("keeps every pop it acknowledged, and visitors converge on the store's sheet after the restart", async () => {
    let server = await startSiteProcess(env());
    const client = await openLive(server.origin, ["bubbles"]);
    await client.until(() => client.sheet !== null);
    const sheet = client.sheet?.sheet as number;
    const sent = new Map<number, number[]>();
    let next = 0;
    // Pop 10 bubbles every 10 ms, and kill the server once it has acknowledged a few messages, with
    // more on their way.
    const popping = setInterval(() => {
      if (client.ws.readyState !== client.ws.OPEN) return;
      const i = Array.from({ length: 10 }, (_, k) => (next * 10 + k) % SIZE);
      sent.set(++next, i);
      client.send({ t: "pop", n: next, sheet, i });
    }, 10);
    await client.until(() => client.messages.filter((m) => m.t === "ok").length >= 5);
    await stopProcess(server.child, "SIGKILL");
    clearInterval(popping);
    const acknowledged = client.messages
      .filter((m): m is OkMessage | NoMessage => m.t === "ok")
      .flatMap((m) => sent.get(m.n) ?? []);
    expect(acknowledged.length).toBeGreaterThan(0);

    server = await startSiteProcess(env());
    try {
      const stored = (await (await fetch(`${server.origin}/api/bubbles`)).json()) as { bits: string; sheet: number };
      const bits = new Uint8Array(Buffer.from(stored.bits, "base64"));
      expect(stored.sheet).toBe(sheet);
      expect(acknowledged.filter((i) => !isPopped(bits, i))).toEqual([]);
      const back = await openLive(server.origin, ["bubbles"], { since: client.resume() });
      await back.until(() => back.sheet !== null);
      expect(back.sheet?.bits).toEqual(bits);
      back.close();
    } finally {
      await stopProcess(server.child);
    }
  });
});
