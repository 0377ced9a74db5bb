import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startSiteProcess, stopProcess } from "../../scripts/lib/local-servers";
import { SUITE_LIMITS } from "../suite-limits";
import { launch } from "./engine";
import { ENGINES, expect, open, test, textOf, until } from "./fixtures";

/**
 * What the browser itself brings, in Firefox and in WebKit (Safari's engine): the service worker
 * serving pages with the site's server gone, a sound started by a press, and a finger's tap on the
 * pointer toys.
 */
for (const engine of ENGINES) {
  test(`${engine}: after one visit, the service worker serves the pages with the server gone`, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "pointless-engine-offline-"));
    const server = await startSiteProcess({ COUNTER_DATA_DIR: dataDir, ...SUITE_LIMITS });
    // A browser of the test's own, with its service worker on.
    const browser = await launch(engine, { serviceWorkers: true });
    const page = await browser.newPage(server.origin);
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
      await browser.close();
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
      // What the finger's tap made the page receive, said if the bubble does not pop.
      await page.run(`() => {
        window.__touches = [];
        for (const type of ["pointerdown", "touchstart", "pointerup", "touchend", "pointercancel", "contextmenu", "click"])
          document.addEventListener(type, () => window.__touches.push(type + " at " + Math.round(performance.now())), true);
      }`);
      await page.tap('[aria-label="Bubble 1"]');
      await expect
        .poll(
          () =>
            page.run<string>(`() => document.querySelector('[aria-label="Bubble 1"]').getAttribute("aria-pressed")`),
          { timeout: 20_000, message: "Bubble 1 popped by the tap" },
        )
        .toBe("true")
        .catch(async (error) => {
          throw new Error(`${error}\nthe page received: ${JSON.stringify(await page.run("() => window.__touches"))}`);
        });
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
