// `npm run bench:live`'s crowd from few addresses: a school's NAT (the four shared toys, every
// visitor behind one of four addresses: all of them must be live, and the actors act), and a bot
// minting visitor tokens from one address, which must get no more than the mint limit grants.
import { setTimeout as sleep } from "node:timers/promises";
import WebSocket from "ws";
import { liveUrl } from "../../contracts/live.ts";
import { readConfig } from "../../server/ops/config.ts";
import { fleetLimit } from "../../server/ops/limiter.ts";
import { setUp } from "./live-servers.ts";
import { fourToys } from "./live-toys.ts";

/** The school: the four shared toys at once, every visitor behind one of `addresses` addresses. */
export async function school(
  kind: "SQLite" | "Redis",
  clients: number,
  seconds: number,
  addresses: number,
  lines: string[],
  notes: string[],
  failures: string[],
) {
  const label = `, ${addresses} addresses`;
  const result = await fourToys(kind, clients, seconds, lines, failures, { addresses, label });
  notes.push(
    `- A school's NAT on ${kind}: ${clients} visitors behind ${addresses} addresses, ${result.live} of them live from start to end (the rows marked "${addresses} addresses" above); ${result.vouched} were given a visitor token within ${(result.vouchedWithinMs / 1000).toFixed(1)} s (the mint's limit, ${formatLimit()} per address, paces the rest; until then they watch, and what they do waits).`,
  );
}

const formatLimit = () => {
  const { burst, perMinute } = readConfig({}).visitorMintLimit;
  return `${burst} at once, ${perMinute} a minute`;
};

/**
 * A bot on one address opening channel after channel for `seconds`, naming no token, as fast as
 * the server lets it (up to 50 at once): how many tokens it was given, against what the mint limit
 * (the production default) grants in that time.
 */
export async function mintingBot(seconds: number, notes: string[], failures: string[]) {
  const setup = await setUp("SQLite", 1000, 200);
  const origin = (setup.origins[0] as string).replace(/^http/, "ws");
  const tokens = new Set<string>();
  let channels = 0;
  let busy = 0;
  const started = performance.now();
  const one = () =>
    new Promise<void>((resolve) => {
      channels++;
      const ws = new WebSocket(origin + liveUrl(["wall"]), { headers: { "X-Forwarded-For": "198.51.100.66" } });
      const done = () => {
        clearTimeout(timer);
        ws.terminate();
        resolve();
      };
      const timer = setTimeout(done, 1000);
      ws.on("message", (data, isBinary) => {
        if (isBinary) return;
        const m = JSON.parse(data.toString()) as { t: string; token?: string };
        if (m.t === "visitor" && m.token) {
          tokens.add(m.token);
          done();
        } else if (m.t === "busy") {
          busy++;
          done();
        }
      });
      ws.on("error", done);
      ws.on("close", done);
    });
  try {
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (performance.now() - started < seconds * 1000) await one();
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    const { points, durationS } = fleetLimit(readConfig({}).visitorMintLimit);
    // A fixed window: `points` per window, the first window starting at the first mint.
    const granted = points * Math.ceil(elapsed / durationS);
    const ok = tokens.size <= granted;
    if (!ok)
      failures.push(`minting bot: ${tokens.size} tokens in ${elapsed.toFixed(0)} s, the limit grants ${granted}`);
    notes.push(
      `- A bot minting visitor tokens from one address: ${channels} channels opened in ${elapsed.toFixed(0)} s (${busy} told the site is busy), ${tokens.size} tokens given; the mint's limit (${formatLimit()}) grants ${granted} in that time ${ok ? "✓" : "✗"}.`,
    );
  } finally {
    await setup.stop();
  }
  await sleep(0);
}
