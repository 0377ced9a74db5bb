import { writeFileSync } from "node:fs";
import type { BrowserContext, Page } from "@playwright/test";
import { type Fleet, type FleetOptions, startFleet } from "../scripts/lib/fleet";
import { test as base } from "./fixtures";

/**
 * The fleet as `npm run fleet` starts it (scripts/lib/fleet.ts: Redis, the site's servers, nginx
 * with the shipped configuration in front), every page of the spec opened through the proxy's one
 * address.
 *
 * The one change to the shipped configuration: nginx names the server that answered each API
 * request and channel (SERVED_BY, from $upstream_addr), so a test can show that two pages reached
 * two different servers. It says nothing the product reads.
 */
export const SERVED_BY = "X-Fleet-Server";
const API_LOCATION = "  location ^~ /api/ {\n";

export function servedByHeader(site: string): string {
  if (!site.includes(API_LOCATION)) throw new Error("the shipped configuration has no /api/ location to mark");
  return site.replace(API_LOCATION, `${API_LOCATION}    add_header ${SERVED_BY} $upstream_addr always;\n`);
}

/**
 * A fleet for each test, started before it and stopped after it, passed or failed: each test finds
 * the store empty (a repeat or a retry too) and nothing of another test's running.
 */
export function withFleet(options: FleetOptions) {
  return base.extend<{ fleet: Fleet }>({
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    fleet: async ({}, use, testInfo) => {
      const fleet = await startFleet({ ...options, editProxy: servedByHeader });
      try {
        await use(fleet);
      } finally {
        // A failed run keeps each server's log (of its last start), to read why.
        if (testInfo.status !== testInfo.expectedStatus) {
          for (const [k, server] of fleet.servers.entries()) {
            const path = testInfo.outputPath(`server-${k}.log`);
            writeFileSync(path, [...server.earlierLogs, ...server.logs].join("\n"));
            await testInfo.attach(`server ${k} log`, { path, contentType: "text/plain" });
          }
          // As files: the reporter shows a text attachment's first lines only, and a failover is
          // read in the Sentinels' whole logs.
          for (const { name, text } of fleet.sentinel?.logs() ?? []) {
            const path = testInfo.outputPath(`${name.replace(/\W+/g, "-")}.log`);
            writeFileSync(path, text);
            await testInfo.attach(`${name} log`, { path, contentType: "text/plain" });
          }
        }
        await fleet.stop();
      }
    },
    baseURL: async ({ fleet }, use) => use(fleet.origin),
  });
}

/**
 * The server each live channel of `page` reached, as the proxy named it in the handshake's answer
 * (its port), in the order the channels opened. Set up before the page opens its channel.
 */
export async function channelServers(page: Page): Promise<number[]> {
  const servers: number[] = [];
  const cdp = await page.context().newCDPSession(page);
  cdp.on("Network.webSocketHandshakeResponseReceived", ({ response }) => {
    const header = Object.entries(response.headers).find(([name]) => name.toLowerCase() === SERVED_BY.toLowerCase());
    // With a retry, nginx lists each server it tried: the last one answered.
    const last =
      String(header?.[1] ?? "")
        .split(",")
        .pop() ?? "";
    servers.push(Number(last.trim().split(":").pop()));
  });
  await cdp.send("Network.enable");
  return servers;
}

/** What a shared toy's page must never say while a fleet is there, whatever server restarts (the toys' own words). */
export const NEVER_SAID = [
  // No server here (a static host): each of the four toys' words.
  "this copy of the site has none",
  // Blocked: the sheet's, the wall's and the crowd's words, and the polls'.
  "WebSockets are blocked",
  "blocks the site's live connection",
  // Offline: the browser never is.
  "You are offline",
  // Busy: nginx gives a new channel only to a server that accepts connections, so a restart never
  // turns a page away.
  "The site is very busy right now",
];

/**
 * Records, from its first paint on, each time a page of `context` shows one of NEVER_SAID
 * (`saidWrong` reads them): a MutationObserver sees every change of text, however short it lasts.
 */
export async function watchWords(context: BrowserContext): Promise<void> {
  await context.addInitScript((phrases) => {
    const said: string[] = [];
    (window as unknown as { __saidWrong: string[] }).__saidWrong = said;
    const read = (node: Node | null) => {
      const text = node?.textContent ?? "";
      for (const phrase of phrases) if (text.includes(phrase) && !said.includes(phrase)) said.push(phrase);
    };
    new MutationObserver((records) => {
      for (const record of records) read(record.target);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  }, NEVER_SAID);
}

/** What `page` said of NEVER_SAID; fails when its watcher never installed (it would say nothing ever). */
export async function saidWrong(page: Page): Promise<string[]> {
  const said = await page.evaluate(() => (window as unknown as { __saidWrong?: string[] }).__saidWrong ?? null);
  if (said === null) throw new Error(`${page.url()} has no watcher of its words (watchWords before its first load)`);
  return said;
}
