// The fleet bench's failover row (issue 57): three servers on Redis with a replica and three
// Sentinels, behind nginx, a crowd following the click total live while devices count through the
// proxy; the primary is killed with SIGKILL, and started again once the replica is promoted (as
// systemd would, sooner). Measured: the time from the kill to the first count acknowledged on the
// new primary (once the old one is its replica: docs/decisions/0010), the total's fan-out (from a
// count's acknowledgement to each watcher hearing a total that includes it) over the whole run,
// and how many watchers' channels closed (their pages would have said "Reconnecting…").
import { CLICKS_PATH, CLICKS_TOPIC } from "../../contracts/clicks.ts";
import { openLive } from "../../server/test/live-client.ts";
import { startFleet } from "../lib/fleet.ts";

export interface FailoverRow {
  watchers: number;
  /** From the primary's SIGKILL to the first count acknowledged after it (on the new primary). */
  firstAckMs: number;
  promotedMs: number;
  fanOutP50: number;
  fanOutP99: number;
  /** Watchers whose channel closed during the run (told they are reconnecting). */
  reconnecting: number;
  counts: number;
  notAcknowledged: number;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

export async function measureFailover({ watchers = 300, seconds = 20 } = {}): Promise<FailoverRow> {
  const fleet = await startFleet({
    servers: 3,
    sentinel: true,
    env: {
      COUNTER_WRITE_LIMIT: "100000/100000",
      COUNTER_READ_LIMIT: "100000/100000",
      LIVE_MAX_PER_ADDRESS: "10000",
      LIVE_UPGRADE_LIMIT: "10000/10000",
      VISITOR_MINT_LIMIT: "10000/10000",
    },
  });
  const group = fleet.sentinel;
  if (!group) throw new Error("no Sentinel");
  try {
    const crowd = await Promise.all(
      Array.from({ length: watchers }, () =>
        openLive(fleet.origin, [CLICKS_TOPIC], { headers: { Origin: fleet.origin } }),
      ),
    );
    let closed = 0;
    for (const watcher of crowd) void watcher.closed.then(() => closed++);
    /** When each watcher first heard a total of at least n. */
    const acks: { total: number; at: number }[] = [];
    let running = true;
    let counts = 0;
    let refused = 0;
    let killedAt = 0;
    let firstAck = 0;
    let failedSinceKill = false;
    const device = { id: `bench-failover-${Date.now()}-0123456789`, made: 0, acked: 0 };
    const counting = (async () => {
      while (running) {
        device.made++;
        counts++;
        try {
          const answer = await fetch(`${fleet.origin}${CLICKS_PATH}`, {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ device: device.id, from: device.acked, to: device.made }),
            signal: AbortSignal.timeout(3000),
          });
          if (answer.status === 200) {
            const { acked, total } = (await answer.json()) as { acked: number; total: number };
            device.acked = acked;
            acks.push({ total, at: performance.now() });
            // The first after the outage the kill made (a count sent before it may still be
            // answered by the old primary as it dies).
            if (killedAt && failedSinceKill && !firstAck) firstAck = performance.now();
          } else {
            refused++;
            if (killedAt) failedSinceKill = true;
          }
        } catch {
          refused++;
          if (killedAt) failedSinceKill = true;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const heard = crowd.map(() => [] as { total: number; at: number }[]);
    crowd.forEach((watcher, k) => {
      watcher.ws.on("message", (data) => {
        const message = JSON.parse(String(data)) as { t?: string; total?: number };
        if (message.t === "clicks" && typeof message.total === "number")
          heard[k]?.push({ total: message.total, at: performance.now() });
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 3000));
    killedAt = performance.now();
    const killed = await group.killPrimary();
    await group.promotedFrom(killed);
    const promotedMs = performance.now() - killedAt;
    // The new primary takes writes once it has a replica again: the old one, back.
    await group.restart(killed);
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    running = false;
    await counting;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const delays: number[] = [];
    for (const list of heard) {
      for (const { total, at } of acks) {
        const first = list.find((h) => h.total >= total);
        if (first) delays.push(Math.max(0, first.at - at));
      }
    }
    delays.sort((a, b) => a - b);
    for (const watcher of crowd) watcher.close();
    return {
      watchers,
      firstAckMs: firstAck ? Math.round(firstAck - killedAt) : -1,
      promotedMs: Math.round(promotedMs),
      fanOutP50: Math.round(quantile(delays, 0.5)),
      fanOutP99: Math.round(quantile(delays, 0.99)),
      reconnecting: closed,
      counts,
      notAcknowledged: refused,
    };
  } finally {
    await fleet.stop();
  }
}

export const FAILOVER_HEADER = [
  "| watchers of the total | primary SIGKILLed: replica promoted after | first count acknowledged after (the old primary back as its replica) | total's fan-out p50 / p99 (whole run) | pages told they are reconnecting | counts sent, not acknowledged (sent again) |",
  "|---|---|---|---|---|---|",
];

export const failoverRow = (row: FailoverRow) =>
  `| ${row.watchers} | ${(row.promotedMs / 1000).toFixed(1)} s | ${(row.firstAckMs / 1000).toFixed(1)} s | ${row.fanOutP50} / ${row.fanOutP99} ms | ${row.reconnecting} | ${row.counts}, ${row.notAcknowledged} |`;

if (import.meta.main) {
  const row = await measureFailover();
  console.log([...FAILOVER_HEADER, failoverRow(row)].join("\n"));
}
