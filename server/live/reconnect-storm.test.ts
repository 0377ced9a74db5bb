import { afterAll, beforeAll, expect, it } from "vitest";
import { freePort, startSiteProcess, stopProcess } from "../../scripts/lib/local-servers.ts";
import { openPageChannel, type PageChannel } from "../../scripts/lib/page-channels.ts";
import { raiseOpenFileLimit, rssMb } from "../../scripts/lib/process-limits.ts";
import { makeSiteFixture } from "../test/site-fixture.ts";

/**
 * A reconnect storm: 2,000 pages (the page's own channel code, scripts/lib/page-channels.ts) on
 * one server, which restarts; they come back spread over the seconds its goodbye asks for, not in
 * one instant, and the server that takes them all back holds no more memory than the one that had
 * them. `npm run bench:live` measures the same storm with sheets and two servers on Redis.
 */
const PAGES = 2000;
let site: ReturnType<typeof makeSiteFixture>;
let port: number;
let env: Record<string, string>;

beforeAll(() => {
  raiseOpenFileLimit();
  site = makeSiteFixture();
  env = {
    SITE_DIR: site.client,
    COUNTER_DATA_DIR: site.dataDir,
    // Every page of this test comes from 127.0.0.1: the caps per address are not what it is about.
    LIVE_MAX_CONNECTIONS: String(PAGES + 100),
    LIVE_MAX_PER_ADDRESS: String(PAGES + 100),
    LIVE_UPGRADE_LIMIT: "100000/1000000",
  };
});
afterAll(() => site.remove());

const until = async (check: () => boolean, ms: number) => {
  const end = performance.now() + ms;
  while (!check()) {
    if (performance.now() > end) throw new Error("never got there");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

it("brings 2,000 pages cut at once back spread over seconds, with the server's memory bounded", async () => {
  port = await freePort();
  let server = await startSiteProcess(env, { port });
  const origin = `http://127.0.0.1:${port}`;
  const pages: PageChannel[] = [];
  try {
    for (let k = 0; k < PAGES; k++) pages.push(openPageChannel(origin));
    await until(() => pages.every((page) => page.status() === "open" && page.sheet() !== null), 30_000);
    const before = rssMb(server.child.pid as number);

    // The server restarts: every page is told goodbye and cut in the same instant.
    const cut = performance.now();
    await stopProcess(server.child);
    server = await startSiteProcess(env, { port });
    await until(() => pages.every((page) => page.opens() === 2 && page.sheet() !== null), 60_000);

    const back = pages.map((page) => (page.openedAt() - cut) / 1000).sort((a, b) => a - b);
    const at = (q: number) => back[Math.floor(q * (back.length - 1))] as number;
    // Spread over the server's window of 5 s: a tenth of them back by one moment, nine tenths
    // seconds later, and no quarter of a second with more than a tenth of them.
    expect(at(0.9) - at(0.1)).toBeGreaterThan(2.5);
    const perQuarter = new Map<number, number>();
    for (const seconds of back)
      perQuarter.set(Math.floor(seconds * 4), (perQuarter.get(Math.floor(seconds * 4)) ?? 0) + 1);
    expect(Math.max(...perQuarter.values())).toBeLessThan(PAGES / 10);
    // Bounded: taking them all back costs the new process no more than the old one held them for.
    const after = rssMb(server.child.pid as number);
    expect(after).toBeLessThan(before * 1.5 + 50);
  } finally {
    for (const page of pages) page.channel.close();
    await stopProcess(server.child);
  }
}, 120_000);
