// `npm run bench:counter`'s frozen store: the site's server on a redis-server that stops answering
// (SIGSTOP) while clients keep the API busy. Each API request waits for the store's deadline (1.5 s)
// and gets a 503; pages have nothing to do with the store and must be served meanwhile as on any
// day: every page within PAGE_BUDGET_MS. A slower page, a page that is not a 200, or an API answer
// other than 503 is a miss.
import { setTimeout as sleep } from "node:timers/promises";
import { startRedis, startSiteProcess, stopProcess, thawOnInterrupt } from "../lib/local-servers.ts";
import { statusText } from "./counter-devices.ts";

/** The slowest page a visitor may wait for while Redis is frozen. */
export const PAGE_BUDGET_MS = 500;
const API_CLIENTS = 32;
const PAGES = ["/", "/hi", "/bubble-wrap", "/about"];

const timed = async (url: string, init?: RequestInit) => {
  const started = performance.now();
  const response = await fetch(url, init);
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
};

export async function frozenStore(seconds = 5): Promise<{ note: string; failures: string[] }> {
  const redis = await startRedis();
  // Limits no API client reaches: every request must wait on the store, none be refused before it.
  const site = await startSiteProcess({
    REDIS_URL: redis.url,
    COUNTER_READ_LIMIT: "100000/1000000",
    COUNTER_WRITE_LIMIT: "100000/1000000",
  });
  // Never leave a frozen redis-server behind, whatever stops the bench.
  const stopWatching = thawOnInterrupt(redis.child, site.child);
  const failures: string[] = [];
  try {
    for (let i = 0; (await timed(`${site.origin}/readyz`)).status !== 200; i++) {
      if (i > 100) throw new Error("frozen store: the server never became ready");
      await sleep(50);
    }
    redis.child.kill("SIGSTOP");
    const until = performance.now() + seconds * 1000;
    const api: Record<string, number> = {};
    let apiErrors = 0;
    const clients = Array.from({ length: API_CLIENTS }, async (_, k) => {
      while (performance.now() < until) {
        const init: RequestInit | undefined =
          k % 2
            ? {
                method: "POST",
                headers: { "Content-Type": "application/json" },
                body: JSON.stringify({ device: `frozen-bench-${String(k).padStart(4, "0")}`, from: 0, to: 1 }),
              }
            : undefined;
        try {
          const { status } = await timed(`${site.origin}/api/clicks`, init);
          api[status] = (api[status] ?? 0) + 1;
        } catch {
          apiErrors++;
        }
      }
    });
    // A visitor's browser asks for brotli.
    const pages: number[] = [];
    const pageStatus: Record<string, number> = {};
    for (let i = 0; performance.now() < until; i++) {
      const { status, ms } = await timed(`${site.origin}${PAGES[i % PAGES.length]}`, {
        headers: { "Accept-Encoding": "br, gzip" },
      });
      pages.push(ms);
      pageStatus[status] = (pageStatus[status] ?? 0) + 1;
    }
    await Promise.all(clients);
    redis.child.kill("SIGCONT");

    pages.sort((a, b) => a - b);
    const median = pages[Math.floor(pages.length / 2)] ?? 0;
    const slowest = pages.at(-1) ?? 0;
    if (slowest > PAGE_BUDGET_MS)
      failures.push(`frozen Redis: the slowest page took ${slowest.toFixed(0)} ms (budget ${PAGE_BUDGET_MS} ms)`);
    if (Object.keys(pageStatus).some((code) => code !== "200"))
      failures.push(`frozen Redis: pages answered ${statusText(pageStatus)}`);
    if (Object.keys(api).some((code) => code !== "503") || apiErrors > 0)
      failures.push(`frozen Redis: the API answered ${statusText(api)}, ${apiErrors} connection errors`);
    const missed = failures.length > 0;
    return {
      note: `- Redis frozen (SIGSTOP) for ${seconds} s while ${API_CLIENTS} clients kept the API busy (answers: ${statusText(api)}; connection errors: ${apiErrors}): ${pages.length} pages (${PAGES.join(", ")}) served one after another, ${statusText(pageStatus)}, median ${median.toFixed(1)} ms, slowest ${slowest.toFixed(1)} ms (budget ${PAGE_BUDGET_MS} ms).${missed ? " ✗" : ""}`,
      failures,
    };
  } finally {
    stopWatching();
    redis.child.kill("SIGCONT");
    await stopProcess(site.child);
    await stopProcess(redis.child);
  }
}
