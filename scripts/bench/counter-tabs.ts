// `npm run bench:counter`'s browser test: two real Chromium tabs of one browser (each page its own
// ledger in localStorage, under LEDGER_PREFIX) click the Useless Button while simulated devices
// hammer the API. Both tabs must come to show the server's total, their ledger must have every click
// confirmed, and the total must have risen by exactly the tabs' clicks and the hammer's.
import { setTimeout as sleep } from "node:timers/promises";
import { chromium, type Page } from "playwright-core";
import { CHROMIUM_ARGS, findChromium } from "../chromium.mjs";
import { stopProcess } from "../lib/local-servers.ts";
import { made, makeDevices, settle, totalAt } from "./counter-devices.ts";
import { CONNECTIONS, DEVICES, startSite } from "./counter-load.ts";
import { startLoad } from "./counter-traffic.ts";

/** app/toys/useless-button/click-ledger.ts's LEDGER_PREFIX (the app's modules cannot be loaded by Node as they are). */
const LEDGER_PREFIX = "globalClickLedger:";
const CLICKS_PER_TAB = 20;

const badge = (tab: Page) =>
  tab
    .getByText(/^Global clicks:/)
    .locator("strong")
    .textContent();
/** The tabs' ledgers added up, and the page's own count of this browser's clicks ("Your clicks"). */
const ledger = (tab: Page) =>
  tab.evaluate((prefix) => {
    let made = 0;
    let acked = 0;
    let found = false;
    for (let k = 0; k < localStorage.length; k++) {
      const key = localStorage.key(k) as string;
      if (!key.startsWith(prefix)) continue;
      const kept = JSON.parse(localStorage.getItem(key) as string) as { made: number; acked: number };
      made += kept.made;
      acked += kept.acked;
      found = true;
    }
    return found ? { made, acked, yours: Number(localStorage.getItem("personalUselessClicks")) } : null;
  }, LEDGER_PREFIX);

export async function twoTabs(
  env: Record<string, string>,
  hammerSeconds = 10,
): Promise<{ note: string; failures: string[] }> {
  const site = await startSite(env);
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext();
    const tabs = [await context.newPage(), await context.newPage()];
    for (const tab of tabs) {
      await tab.goto(`${site.origin}/`);
      await tab.locator("html[data-hydrated]").waitFor();
    }
    const before = await totalAt(site.origin);
    // Both tabs click while a third client hammers the API.
    const hammerDevices = makeDevices("hammer", DEVICES);
    const hammer = startLoad(site.origin, hammerDevices, { seconds: hammerSeconds, connections: CONNECTIONS });
    for (let i = 0; i < CLICKS_PER_TAB; i++)
      for (const tab of tabs) await tab.getByRole("main").getByRole("button").first().click();
    await hammer.done;
    await settle(site.origin, hammerDevices);
    const stopped = Date.now();
    const clicks = 2 * CLICKS_PER_TAB;
    let final = await totalAt(site.origin);
    let shown: (string | null)[] = [];
    let kept = await ledger(tabs[0] as Page);
    // Settled: the tabs show the server's total, their ledger has every click it holds confirmed,
    // and the server counted exactly the hammer's clicks and the ledger's.
    const converged = () => shown.every((text) => text === String(final));
    const confirmed = () => kept !== null && kept.acked === kept.made;
    const exact = () => kept !== null && final === before + made(hammerDevices) + kept.made;
    while (Date.now() - stopped < 30_000) {
      shown = await Promise.all(tabs.map(badge));
      final = await totalAt(site.origin);
      kept = await ledger(tabs[0] as Page);
      if (converged() && confirmed() && exact()) break;
      await sleep(250);
    }
    const seconds = ((Date.now() - stopped) / 1000).toFixed(1);
    const failures: string[] = [];
    if (!converged()) failures.push(`two tabs: the tabs showed ${shown.join(" and ")}, the server ${final}`);
    if (!confirmed() || !exact())
      failures.push(
        `two tabs: the ledger ${JSON.stringify(kept)}, the server's total rose by ${final - before - made(hammerDevices)} besides the hammer's clicks`,
      );
    // The page's own count ("Your clicks", its own key) against the ledger: a click in one tab the
    // other tab's write overwrote is counted there and missing from the ledger.
    if (kept?.yours !== clicks || kept.made !== clicks)
      failures.push(
        `two tabs: ${clicks} clicks, the page counted ${kept?.yours} ("Your clicks") and its ledger made ${kept?.made}`,
      );
    const ok = failures.length === 0;
    return {
      note: `- Two tabs clicking ${CLICKS_PER_TAB} times each while a third client hammered the API for ${hammerSeconds} s: ${
        ok
          ? `both tabs showed the server's total (${final}) ${seconds} s after the hammering stopped and its devices were confirmed; the tabs' ledgers (\`${LEDGER_PREFIX}*\`) had all ${clicks} clicks, all confirmed, and the total had risen by exactly the tabs' and the hammer's clicks`
          : `✗ the tabs showed ${shown.join(" and ")}, the server ${final}; the page counted ${kept?.yours} clicks, its ledger ${JSON.stringify(kept)}`
      }.`,
      failures,
    };
  } finally {
    await browser.close();
    await stopProcess(site.child);
  }
}
