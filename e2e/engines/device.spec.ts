import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startSiteProcess, stopProcess } from "../../scripts/lib/local-servers";
import { SUITE_LIMITS } from "../suite-limits";
import { ENGINES, expect, open, test, textOf, until } from "./fixtures";

/**
 * What the browser itself brings, in Firefox and in WebKit (Safari's engine): the service worker
 * serving pages with the site's server gone, a sound started by a press, and a finger's tap on the
 * pointer toys.
 */
for (const engine of ENGINES) {
  test(`${engine}: after one visit, the service worker serves the pages with the server gone`, async ({ engines }) => {
    const dataDir = mkdtempSync(join(tmpdir(), "pointless-engine-offline-"));
    const server = await startSiteProcess({ COUNTER_DATA_DIR: dataDir, ...SUITE_LIMITS });
    const page = await (await engines(engine)).newPage(server.origin);
    try {
      await open(page, "/about");
      expect(await page.run<boolean>("() => 'serviceWorker' in navigator")).toBe(true);
      await page.run(`async () => {
        await navigator.serviceWorker.ready;
        if (!navigator.serviceWorker.controller)
          await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }));
      }`);
      await stopProcess(server.child);
      for (const path of ["/faq", "/coin"]) {
        await open(page, path);
        expect(await page.run<string>("() => location.pathname")).toBe(path);
        expect(await textOf(page, "main h1")).not.toBe("");
      }
    } finally {
      await page.close();
      await stopProcess(server.child);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test(`${engine}: a press starts a sound`, async ({ engines, baseURL }) => {
    const page = await (await engines(engine)).newPage(baseURL as string);
    try {
      await open(page, "/");
      // Counts the sounds the page starts (an oscillator's or a sample's start), as it makes them.
      await page.run(`() => {
        window.__started = 0;
        for (const Node of [OscillatorNode, AudioBufferSourceNode]) {
          const start = Node.prototype.start;
          Node.prototype.start = function (...args) {
            window.__started++;
            return start.apply(this, args);
          };
        }
      }`);
      await page.click("main button[data-early-press]");
      await until(page, "() => window.__started > 0");
      expect(await page.takeErrors()).toEqual([]);
    } finally {
      await page.close();
    }
  });

  test(`${engine}: a finger's tap pops a bubble and claps`, async ({ engines, baseURL }) => {
    const page = await (await engines(engine)).newPage(baseURL as string);
    try {
      await open(page, "/bubble-wrap");
      await page.tap('[aria-label="Bubble 1"]');
      await until(
        page,
        `() => document.querySelector('[aria-label="Bubble 1"]').getAttribute("aria-pressed") === "true"`,
      );
      await open(page, "/clap");
      const zone = "main button.cursor-crosshair";
      await page.tap(zone);
      // The zone's own count, at least 1 once the tap clapped (the finger's arrival may clap too).
      await until(
        page,
        `(zone) => [...document.querySelectorAll(zone + " span")].some((s) => /^[1-9]\\d*$/.test(s.textContent.trim()))`,
        zone,
      );
      expect(await page.takeErrors()).toEqual([]);
    } finally {
      await page.close();
    }
  });
}
