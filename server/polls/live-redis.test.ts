import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startRedis, startSiteProcess, stopProcess } from "../../scripts/lib/local-servers.ts";
import { makeSiteFixture } from "../test/site-fixture.ts";
import { countsOver, openPolls } from "./test-visitor.ts";

/** Two server processes on one real Redis: a vote on either reaches visitors of both, counted once. */
let redis: { url: string; child: ChildProcess };
let site: ReturnType<typeof makeSiteFixture>;

beforeAll(async () => {
  redis = await startRedis();
  site = makeSiteFixture();
});
afterAll(async () => {
  await stopProcess(redis.child);
  site.remove();
});

it("shows each server's visitors the other's votes live, and counts a visitor once on either", async () => {
  const env = { SITE_DIR: site.client, REDIS_URL: redis.url };
  const [a, b] = await Promise.all([startSiteProcess(env), startSiteProcess(env)]);
  try {
    const onA = await openPolls(a.origin);
    // The same visitor (its token, as its browser keeps it) on the other server.
    const onB = await openPolls(b.origin, { visitor: onA.token });
    const device = "two-servers-device-1";
    expect(await onA.vote({ q: 2, a: 1, device })).toMatchObject({ t: "ok", counted: true });
    await onB.client.until(() => onB.counts()?.[2]?.[1] === 1, 2000);
    // The same visitor through the other server counts nothing, whatever device it names: its
    // first answer stands.
    expect(await onB.vote({ q: 2, a: 0, device: "two-servers-device-2" })).toMatchObject({
      t: "ok",
      counted: false,
      answer: 1,
    });
    expect(await onB.vote({ q: 0, a: 2, device })).toMatchObject({ counted: true });
    for (const visitor of [onA, onB]) await visitor.client.until(() => visitor.counts()?.[0]?.[2] === 1, 2000);
    expect(onA.counts()).toEqual(onB.counts());
    expect(await countsOver(a.origin)).toEqual(await countsOver(b.origin));
    expect((await countsOver(a.origin))[2]).toEqual([0, 1, 0]);
    onA.close();
    onB.close();
  } finally {
    await Promise.all([stopProcess(a.child), stopProcess(b.child)]);
  }
});
