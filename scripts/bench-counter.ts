// `npm run bench:counter`: the global click counter under load, on loopback, for SQLite and for
// Redis (a redis-server started here on a free port), and then the hard cases:
// 1. Load: mixed GET and POST from many simulated visitors (each its own X-Forwarded-For address,
//    so the per-address rate limits apply as in production) for BENCH_COUNTER_SECONDS (30), as
//    fast as this machine serves them; p99 latency, errors, and the stored total against the sum
//    of the clicks the server said it counted, which must be equal.
// 2. Crash: the server is killed (SIGKILL) mid-load and started again: every batch it acknowledged
//    is still counted (sent again, each is refused as already counted, and the total is at least
//    their sum).
// 3. Two browser tabs and a third client hammering the API: both tabs come to show the same total.
// Writes docs/counter.md (between its bench markers) and exits non-zero on a miss.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, findChromium } from "./chromium.mjs";
import { startRedis, startSiteProcess, stopProcess } from "./lib/local-servers.ts";
import { replaceBlock } from "./lib/local-site.ts";

const SECONDS = Number(process.env.BENCH_COUNTER_SECONDS ?? 30);
const CONNECTIONS = Number(process.env.BENCH_COUNTER_CONNECTIONS ?? 32);
const failures: string[] = [];
const lines: string[] = [];

/** The site's server, trusting X-Forwarded-For so every simulated visitor has its own address. */
const startSite = (env: Record<string, string>) => startSiteProcess({ ...env, TRUST_PROXY: "1" });

const totalAt = async (origin: string) =>
  ((await (await fetch(`${origin}/api/clicks`)).json()) as { total: number }).total;

interface LoadResult {
  requests: number;
  perSecond: number;
  p99: number;
  errors: number;
  status: Record<string, number>;
  /** Batches the server acknowledged (200), with the clicks it counted. */
  acknowledged: Map<string, number>;
  /** Every batch sent, with its clicks. */
  sent: Map<string, number>;
}

/**
 * Mixed load: every connection alternates a GET and a POST of a new batch (1 to 60 clicks, so
 * some are clipped), each from one of 5000 simulated visitors.
 */
async function load(origin: string, seconds: number, label: string): Promise<LoadResult> {
  const acknowledged = new Map<string, number>();
  const sent = new Map<string, number>();
  const status: Record<string, number> = {};
  let sequence = 0;
  const visitor = () => `10.${(sequence >> 16) & 255}.${(sequence >> 8) % 20}.${sequence % 250}`;
  const instance = autocannon({
    url: `${origin}/api/clicks`,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: "GET",
        setupRequest: (request) => ({ ...request, headers: { ...request.headers, "x-forwarded-for": visitor() } }),
        onResponse: (code) => {
          status[code] = (status[code] ?? 0) + 1;
        },
      },
      {
        method: "POST",
        setupRequest: (request, context) => {
          sequence++;
          const batch = `${label}-${process.pid}-${sequence}`;
          const clicks = (sequence % 60) + 1;
          (context as { batch?: string }).batch = batch;
          sent.set(batch, clicks);
          return {
            ...request,
            headers: { ...request.headers, "content-type": "application/json", "x-forwarded-for": visitor() },
            body: JSON.stringify({ batch, clicks }),
          };
        },
        onResponse: (code, body, context) => {
          status[code] = (status[code] ?? 0) + 1;
          if (code === 200) {
            const { batch } = context as { batch: string };
            acknowledged.set(batch, (JSON.parse(body) as { counted: number }).counted);
          }
        },
      },
    ],
  });
  const result = await instance;
  return {
    requests: result.requests.total,
    perSecond: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx - (status[409] ?? 0) - (status[429] ?? 0),
    status,
    acknowledged,
    sent,
  };
}

/**
 * The clicks the server counted from a load: the acknowledged batches, and those whose answer the
 * load never read (in flight when it stopped, or when the server was killed), asked about one by one.
 */
async function countedClicks(origin: string, result: LoadResult): Promise<number> {
  let counted = sum(result.acknowledged.values());
  let asked = 0;
  for (const [batch, clicks] of result.sent) {
    if (result.acknowledged.has(batch)) continue;
    const response = await fetch(`${origin}/api/clicks?batch=${batch}`, {
      headers: { "x-forwarded-for": `10.98.${asked % 250}.${(++asked >> 8) % 250}` },
    });
    if (((await response.json()) as { counted: boolean }).counted) counted += Math.min(clicks, 50);
  }
  return counted;
}

const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);

async function loadTest(name: string, env: Record<string, string>): Promise<void> {
  const site = await startSite(env);
  try {
    const before = await totalAt(site.origin);
    const result = await load(site.origin, SECONDS, name.toLowerCase());
    const after = await totalAt(site.origin);
    const counted = await countedClicks(site.origin, result);
    const exact = after - before === counted;
    if (!exact)
      failures.push(`${name}: stored total rose by ${after - before}, the batches counted add up to ${counted}`);
    if (result.errors > 0) failures.push(`${name}: ${result.errors} errors under load`);
    lines.push(
      `| ${name} | ${result.requests} in ${SECONDS} s (${Math.round(result.perSecond)}/s) | ${result.p99} ms | ${result.errors} | ${Object.entries(
        result.status,
      )
        .map(([code, n]) => `${code}: ${n}`)
        .join(", ")} | ${counted} | ${after - before} ${exact ? "(equal)" : "✗"} |`,
    );
  } finally {
    await stopProcess(site.child);
  }
}

async function crashTest(name: string, env: Record<string, string>): Promise<string> {
  let site = await startSite(env);
  const before = await totalAt(site.origin);
  // Kill the server halfway through a load.
  const loading = load(site.origin, 10, `${name.toLowerCase()}-crash`);
  await new Promise((resolve) => setTimeout(resolve, 5000));
  await stopProcess(site.child, "SIGKILL");
  const result = await loading;
  site = await startSite(env);
  try {
    const after = await totalAt(site.origin);
    const acknowledged = sum(result.acknowledged.values());
    // Every acknowledged batch again: each must be refused as already counted.
    let refused = 0;
    for (const [batch, clicks] of result.acknowledged) {
      const response = await fetch(`${site.origin}/api/clicks`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-forwarded-for": `10.99.${refused % 250}.${(refused >> 8) % 250}`,
        },
        body: JSON.stringify({ batch, clicks }),
      });
      if (response.status === 409) refused++;
    }
    const kept = after - before >= acknowledged && refused === result.acknowledged.size;
    if (!kept) failures.push(`${name} crash: ${refused} of ${result.acknowledged.size} acknowledged batches found`);
    return `- ${name}: killed (SIGKILL) 5 s into a 10 s load and started again. ${result.acknowledged.size} batches (${acknowledged} clicks) had been acknowledged; after the restart the total had risen by ${after - before}, and ${refused} of the ${result.acknowledged.size} acknowledged batches, sent again, were refused as already counted.${kept ? "" : " ✗"}`;
  } finally {
    await stopProcess(site.child);
  }
}

async function twoTabs(env: Record<string, string>): Promise<string> {
  const site = await startSite(env);
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext();
    const tabs = [await context.newPage(), await context.newPage()];
    for (const tab of tabs) {
      await tab.goto(`${site.origin}/`);
      await tab.locator("html[data-hydrated]").waitFor();
    }
    const badge = (tab: (typeof tabs)[number]) =>
      tab
        .getByText(/^Global clicks:/)
        .locator("strong")
        .textContent();
    // Both tabs click while a third client hammers the API.
    const hammer = load(site.origin, 10, "hammer");
    for (let i = 0; i < 20; i++)
      for (const tab of tabs) await tab.getByRole("main").getByRole("button").first().click();
    await hammer;
    const stopped = Date.now();
    // The tabs' own last batches are still on their way: the total to reach is the server's latest.
    let final = await totalAt(site.origin);
    let shown: (string | null)[] = [];
    while (Date.now() - stopped < 30_000) {
      shown = await Promise.all(tabs.map(badge));
      final = await totalAt(site.origin);
      if (shown.every((text) => text === String(final))) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const converged = shown.every((text) => text === String(final));
    if (!converged) failures.push(`two tabs did not converge: ${shown.join(" and ")}, the server ${final}`);
    return `- Two tabs clicking 20 times each while a third client hammered the API for 10 s: ${converged ? `both tabs showed the server's total (${final}) ${((Date.now() - stopped) / 1000).toFixed(1)} s after the hammering stopped` : `✗ the tabs showed ${shown.join(" and ")}, the server ${final}`}.`;
  } finally {
    await browser.close();
    await stopProcess(site.child);
  }
}

const loadBefore = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
const sqliteDir = mkdtempSync(join(tmpdir(), "bench-counter-"));
const redis = await startRedis();
const sqlite = { COUNTER_DATA_DIR: sqliteDir };
const viaRedis = { REDIS_URL: redis.url };
const notes: string[] = [];
try {
  await loadTest("SQLite", sqlite);
  await loadTest("Redis", viaRedis);
  notes.push(await crashTest("SQLite", sqlite));
  notes.push(await crashTest("Redis", viaRedis));
  notes.push(await twoTabs(sqlite));
} finally {
  await stopProcess(redis.child);
  rmSync(sqliteDir, { recursive: true, force: true });
}
const loadAfter = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");

const report = [
  `Measured ${new Date().toISOString().slice(0, 10)} on loopback, 2 cores (load average ${loadBefore} before, ${loadAfter} after): one server process, ${CONNECTIONS} connections from autocannon on the same machine, every connection alternating a GET and a POST of a new batch (1 to 60 clicks, so some are clipped to 50), from 5000 simulated visitors (X-Forwarded-For, the default rate limits).`,
  "",
  "| store | requests | p99 latency | errors | answers | clicks in counted batches | stored total rose by |",
  "|---|---|---|---|---|---|---|",
  ...lines,
  "",
  ...notes,
  "",
  failures.length ? `Missed: ${failures.join("; ")}` : "Every check passed.",
].join("\n");
console.log(report);
if (!process.env.BENCH_COUNTER_SECONDS) replaceBlock("docs/counter.md", "bench", report);
process.exit(failures.length ? 1 : 0);
