import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FAQ_STAGGER_S } from "../../app/pages/faq/words";
import { LINE_EVERY_MS } from "../../app/toys/hacker/logic";
import { startSiteProcess, stopProcess } from "../../scripts/lib/local-servers";
import { SUITE_LIMITS } from "../suite-limits";
import { launch } from "./engine";
import { ENGINES, expect, open, test, textOf, until } from "./fixtures";

/**
 * What the browser itself brings, in Firefox and in WebKit (Safari's engine): the service worker
 * serving pages with the site's server gone, a sound started by a press, a finger's tap on the
 * pointer toys, the cards' entrance (one timeline held by a linear() easing with calc() stops), and
 * a scrolled box kept in place as content comes (scroll anchoring, which WebKit lacks).
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

  test(`${engine}: the FAQ's cards enter one after another`, async ({ engines, baseURL }) => {
    const page = await (await engines(engine)).newPage(baseURL as string);
    try {
      await open(page, "/faq");
      // Each card's opacity 5 ms either side of its turn and of its arrival 0.4 s later (as
      // e2e/entrance.ts reads it in Chromium): what is not as it should be.
      const wrong = await page.run<string[]>(
        `(stagger) => {
          const wrong = [];
          const cards = [...document.querySelectorAll("main li")];
          cards.forEach((card, k) => {
            const [animation] = card.getAnimations();
            if (!animation) return wrong.push("card " + k + " has no entrance");
            animation.pause();
            const at = (ms) => {
              animation.currentTime = ms;
              return Number(getComputedStyle(card).opacity);
            };
            const start = k * stagger * 1000;
            if (k > 0 && at(start - 5) !== 0) wrong.push("card " + k + " shows before its turn");
            if (!(at(start + 5) > 0)) wrong.push("card " + k + " still hidden at its turn");
            if (!(at(start + 395) < 1)) wrong.push("card " + k + " arrived too soon");
            if (at(start + 405) !== 1) wrong.push("card " + k + " not arrived 0.4 s after its turn");
            animation.finish();
          });
          return cards.length === 5 ? wrong : ["5 cards, not " + cards.length];
        }`,
        FAQ_STAGGER_S,
      );
      expect(wrong).toEqual([]);
      expect(await page.takeErrors()).toEqual([]);
    } finally {
      await page.close();
    }
  });
}

for (const engine of ENGINES) {
  test(`${engine}: a visitor scrolled back in the hacker console keeps their place as lines come, and finds them at the newest`, async ({
    engines,
    baseURL,
  }) => {
    const page = await (await engines(engine)).newPage(baseURL as string);
    try {
      await open(page, "/hacker");
      const scroller = `document.querySelector("[data-console-scroller]")`;
      // Until the console can scroll back 80 px (a line every 1.5 s), then 80 px back from the newest.
      await until(page, `() => ${scroller}.scrollHeight > ${scroller}.clientHeight + 120`);
      await page.run(`() => { const box = ${scroller}; box.scrollTop = box.scrollHeight - box.clientHeight - 80; }`);
      // The line at the middle of the console, and where it is.
      const place = `() => {
        const box = ${scroller};
        const middle = box.getBoundingClientRect().top + box.clientHeight / 2;
        const line = [...box.querySelectorAll("li")].find((li) => li.getBoundingClientRect().bottom > middle);
        return { text: line.textContent, top: Math.round(line.getBoundingClientRect().top) };
      }`;
      const before = await page.run<{ text: string; top: number }>(place);
      const made = `() => [...${scroller}.querySelectorAll("li")].at(-2).textContent`;
      const newestBefore = await page.run<string>(made);
      // Two lines' time and a half (LINE_EVERY_MS), the visitor still reading.
      await new Promise((resolve) => setTimeout(resolve, 2.5 * LINE_EVERY_MS));
      const after = await page.run<{ text: string; top: number }>(place);
      expect(after.text).toBe(before.text);
      expect(Math.abs(after.top - before.top)).toBeLessThanOrEqual(1);
      // Paused (no line added by the next one), then back at the newest: every line that came
      // meanwhile is there, at once (in WebKit, held until the visitor scrolled back down; in
      // Firefox, its own anchoring kept the place and the lines came as they were made).
      const count = `() => ${scroller}.querySelectorAll("li").length`;
      const lines = await page.run<number>(count);
      await page.run(
        `() => [...document.querySelectorAll("button")].find((b) => b.textContent === "Pause the hacking").click()`,
      );
      await until(
        page,
        `() => [...document.querySelectorAll("button")].some((b) => b.textContent === "Resume the hacking")`,
      );
      const atNewest = `(() => { const box = ${scroller}; return box.scrollTop + box.clientHeight >= box.scrollHeight - 2; })()`;
      await page.run(`() => { ${scroller}.scrollTop = ${scroller}.scrollHeight; }`);
      await until(page, `(was) => (${made})() !== was && ${atNewest}`, newestBefore);
      expect(await page.run<number>(count)).toBeGreaterThanOrEqual(engine === "webkit" ? lines + 2 : lines);
    } finally {
      await page.close();
    }
  });
}
