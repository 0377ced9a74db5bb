// `npm run bench:live`'s reconnect storm: CLIENTS pages (the page's own channel code, in Node),
// spread over the servers, each holding the sheet; every server is restarted as a deploy does
// (SIGTERM, then started again on its port) while they are connected. Measured: when the pages came
// back (from the moment of the cut), how long until every page's sheet equals the store's again,
// and each server's memory before and after. Budget: every sheet equal again within 15 s, and no
// server holding more than half as much again (plus 50 MB) after the storm as before it.
import { setTimeout as sleep } from "node:timers/promises";
import { openPageChannel, type PageChannel } from "../lib/page-channels.ts";
import { rssMb } from "../lib/process-limits.ts";
import { setUp } from "./live-servers.ts";

const EQUAL_WITHIN_S = 15;

export async function reconnectStorm(
  kind: "SQLite" | "Redis",
  size: number,
  clients: number,
  lines: string[],
  failures: string[],
): Promise<void> {
  // Every page here comes from 127.0.0.1, without X-Forwarded-For: the caps per address are not
  // what this measures.
  const setup = await setUp(kind, size, clients, {
    LIVE_MAX_PER_ADDRESS: String(clients + 100),
    LIVE_UPGRADE_LIMIT: "1000000/10000000",
  });
  const pages: PageChannel[] = [];
  try {
    for (let k = 0; k < clients; k++) pages.push(openPageChannel(setup.origins[k % setup.origins.length] as string));
    const opened = performance.now();
    while (pages.some((page) => page.sheet() === null) && performance.now() - opened < 60_000) await sleep(100);
    const before = setup.pids().map(rssMb);

    const cut = performance.now();
    await setup.restart();
    let equalAt: number | null = null;
    while (performance.now() - cut < 60_000) {
      await sleep(100);
      if (pages.some((page) => page.opens() < 2)) continue;
      const stored = await setup.stored();
      const same = pages.every((page) => {
        const sheet = page.sheet();
        return sheet?.sheet === stored.sheet && sheet.bits.every((byte, k) => byte === stored.bits[k]);
      });
      if (same) {
        equalAt = (performance.now() - cut) / 1000;
        break;
      }
    }
    const after = setup.pids().map(rssMb);
    const back = pages.map((page) => (page.openedAt() - cut) / 1000).sort((a, b) => a - b);
    const at = (q: number) => (back[Math.floor(q * (back.length - 1))] as number).toFixed(1);
    const bounded = after.every((mb, k) => mb < (before[k] ?? 0) * 1.5 + 50);
    if (equalAt === null || equalAt > EQUAL_WITHIN_S || !bounded) {
      failures.push(
        `reconnect storm, ${kind}: ${equalAt === null ? "sheets never all equal" : `every sheet equal after ${equalAt.toFixed(1)} s`}, memory ${before.map(Math.round).join("/")} -> ${after.map(Math.round).join("/")} MB`,
      );
    }
    lines.push(
      `| ${kind} (${setup.origins.length} process${setup.origins.length > 1 ? "es" : ""}) | ${size.toLocaleString("en-US")} | ${clients} | ${at(0.1)} / ${at(0.5)} / ${at(0.9)} / ${at(1)} s | ${equalAt === null ? "never ✗" : `${equalAt.toFixed(1)} s`} | ${before.map((mb) => `${Math.round(mb)} MB`).join(", ")} | ${after.map((mb) => `${Math.round(mb)} MB`).join(", ")}${bounded ? "" : " ✗"} |`,
    );
  } finally {
    for (const page of pages) page.channel.close();
    await setup.stop();
  }
}
