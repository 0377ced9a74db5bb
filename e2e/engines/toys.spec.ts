import { PALETTE } from "../../contracts/wall";
import type { EnginePage } from "./engine";
import { ENGINES, expect, open, PAIRS, showsText, test, textOf, until } from "./fixtures";

/**
 * What a visitor does first, in Firefox and in WebKit (Safari's engine), against the suite's server:
 * the menu, the Useless Button and the global total, and each shared toy live, with a change made in
 * one engine seen in the other. Other specs share the suite's server, so totals are read as at least
 * what these pages added.
 */

/** Marks the first element `find` (a function's source) returns, so a native click can reach it. */
async function mark(page: EnginePage, find: string): Promise<string> {
  // Waits for it: a shared toy draws its state a moment after it says it is live.
  await until(
    page,
    `() => {
      for (const old of document.querySelectorAll("[data-engine-target]")) old.removeAttribute("data-engine-target");
      const element = (${find})();
      element?.setAttribute("data-engine-target", "");
      return Boolean(element);
    }`,
  );
  return "[data-engine-target]";
}

/** A number as the page writes it ("1,234"), or null. */
const numberIn = (text: string) => {
  const digits = text.match(/[\d,]+/)?.[0];
  return digits ? Number(digits.replace(/,/g, "")) : null;
};

/** The Useless Button's global total as the page shows it, once it shows one. */
const globalTotal = async (page: EnginePage, atLeast = 0) =>
  (
    await until<{ n: number }>(
      page,
      `(atLeast) => {
        const badge = [...document.querySelectorAll("main p")].find((p) => p.textContent.startsWith("Global clicks"));
        const text = badge?.querySelector("strong")?.textContent ?? "";
        const n = Number(text.replace(/,/g, ""));
        return /^[\\d,]+$/.test(text) && n >= atLeast ? { n } : null;
      }`,
      atLeast,
    )
  ).n;

/** The text of the `dd` after the `dt` saying `label`. */
const stat = (page: EnginePage, label: string) =>
  page.run<string>(
    `(label) => [...document.querySelectorAll("dt")].find((dt) => dt.textContent.includes(label))?.nextElementSibling?.textContent ?? ""`,
    label,
  );

for (const [engine, other] of PAIRS) {
  test(`${engine}: the menu opens and takes the visitor to another page`, async ({ engines, baseURL }) => {
    const page = await (await engines(engine)).newPage(baseURL as string);
    try {
      await open(page, "/about");
      const about = await textOf(page, "main h1");
      await page.click('[popovertarget="site-menu"]');
      await until(page, `() => document.getElementById("site-menu").matches(":popover-open")`);
      expect(await page.run<number>(`() => document.querySelectorAll("#site-menu a").length`)).toBeGreaterThan(40);
      await page.click('#site-menu a[href="/faq"]');
      await until(
        page,
        `() => location.pathname === "/faq" && !document.getElementById("site-menu").matches(":popover-open")`,
      );
      // The FAQ's own heading, in place of the About page's.
      await until(page, `(about) => (document.querySelector("main h1")?.textContent ?? about) !== about`, about);
      expect(await textOf(page, "main h1")).toBe("Unhelpful Answers");
      expect(await page.takeErrors()).toEqual([]);
    } finally {
      await page.close();
    }
  });

  test(`${engine}: the Useless Button counts three presses, the global total rises, and ${other} sees it live`, async ({
    engines,
    baseURL,
  }) => {
    const page = await (await engines(engine)).newPage(baseURL as string);
    const watcher = await (await engines(other)).newPage(baseURL as string);
    try {
      await open(watcher, "/");
      await open(page, "/");
      const before = await globalTotal(page);
      const button = "main button[data-early-press]";
      for (let i = 0; i < 3; i++) await page.click(button);
      await until(page, `() => document.querySelector("[data-early-count]").textContent === "3"`);
      expect(await globalTotal(page, before + 3)).toBeGreaterThanOrEqual(before + 3);
      // The other engine's page, open all along, is told.
      expect(await globalTotal(watcher, before + 3)).toBeGreaterThanOrEqual(before + 3);
      expect(await page.takeErrors()).toEqual([]);
      expect(await watcher.takeErrors()).toEqual([]);
    } finally {
      await page.close();
      await watcher.close();
    }
  });
}

test.describe("shared toys across engines", () => {
  for (const [engine, other] of PAIRS) {
    test(`a clap in ${engine} reaches ${other}'s page`, async ({ engines, baseURL }) => {
      const page = await (await engines(engine)).newPage(baseURL as string);
      const watcher = await (await engines(other)).newPage(baseURL as string);
      try {
        const live = "Live: your claps join everyone's, and you hear theirs.";
        for (const p of [page, watcher]) {
          await open(p, "/clap");
          await showsText(p, live);
        }
        const before = numberIn(await stat(watcher, "Everyone's claps")) ?? 0;
        await page.click(
          await mark(
            page,
            `() => [...document.querySelectorAll("button")].find((b) => b.textContent.includes("Applause zone"))`,
          ),
        );
        await until(
          watcher,
          `(before) => Number((([...document.querySelectorAll("dt")].find((dt) => dt.textContent.includes("Everyone's claps"))?.nextElementSibling?.textContent) ?? "").replace(/,/g, "")) > before`,
          before,
        );
        expect(await page.takeErrors()).toEqual([]);
        expect(await watcher.takeErrors()).toEqual([]);
      } finally {
        await page.close();
        await watcher.close();
      }
    });

    test(`a bubble popped in ${engine} pops on ${other}'s sheet`, async ({ engines, baseURL }) => {
      const page = await (await engines(engine)).newPage(baseURL as string);
      const watcher = await (await engines(other)).newPage(baseURL as string);
      try {
        for (const p of [page, watcher]) {
          await open(p, "/bubble-wrap/together");
          await showsText(p, "Live: every pop pops for everyone.");
        }
        const target = await mark(
          page,
          `() => document.querySelector('[aria-label^="Bubble "][aria-pressed="false"]')`,
        );
        const name = await page.run<string>(
          `() => document.querySelector("[data-engine-target]").getAttribute("aria-label")`,
        );
        await page.click(target);
        await until(
          page,
          `(name) => document.querySelector('[aria-label="' + name + '"]')?.getAttribute("aria-pressed") === "true"`,
          name,
        );
        await until(
          watcher,
          `(name) => document.querySelector('[aria-label="' + name + '"]')?.getAttribute("aria-pressed") === "true"`,
          name,
        );
        expect(await page.takeErrors()).toEqual([]);
        expect(await watcher.takeErrors()).toEqual([]);
      } finally {
        await page.close();
        await watcher.close();
      }
    });

    test(`a cell painted in ${engine} changes on ${other}'s wall`, async ({ engines, baseURL }) => {
      const page = await (await engines(engine)).newPage(baseURL as string);
      const watcher = await (await engines(other)).newPage(baseURL as string);
      try {
        for (const p of [page, watcher]) {
          await open(p, "/emojis/together");
          await showsText(p, "Live: every cell you paint changes for everyone.");
        }
        // A cell of its own for each direction, and an emoji it does not show yet.
        const cell = engine === "firefox" ? 7 : 12;
        const place = `Row ${Math.floor(cell / 10) + 1}, column ${(cell % 10) + 1}`;
        const shown = await page.run<string>(
          `(place) => document.querySelector('[aria-label^="' + place + ': "]').getAttribute("aria-label")`,
          place,
        );
        const e = PALETTE.findIndex(({ char }) => !shown.endsWith(char));
        await page.click(`label:has(input[name="wall-emoji"][value="${e}"])`);
        await until(page, `(e) => document.querySelector('input[name="wall-emoji"][value="' + e + '"]').checked`, e);
        await page.click(`[aria-label^="${place}: "]`);
        const painted = `${place}: ${PALETTE[e]?.char}`;
        await until(page, `(label) => Boolean(document.querySelector('[aria-label="' + label + '"]'))`, painted);
        await until(watcher, `(label) => Boolean(document.querySelector('[aria-label="' + label + '"]'))`, painted);
        expect(await page.takeErrors()).toEqual([]);
        expect(await watcher.takeErrors()).toEqual([]);
      } finally {
        await page.close();
        await watcher.close();
      }
    });
  }

  for (const engine of ENGINES) {
    test(`${engine}: a vote in Pointless Polls is counted with everyone's`, async ({ engines, baseURL }) => {
      const page = await (await engines(engine)).newPage(baseURL as string);
      try {
        await open(page, "/polls");
        const answer = await mark(
          page,
          `() => document.querySelector('main [aria-labelledby="poll-question"] button')`,
        );
        await page.click(answer);
        await showsText(page, "Thanks for voting!");
        await until(page, `() => document.querySelectorAll('[aria-label="Everyone\\'s votes"] li').length > 1`);
        expect(await textOf(page, '[aria-label="Everyone\'s votes"]')).toMatch(/\d+ votes?/);
        expect(await page.takeErrors()).toEqual([]);
      } finally {
        await page.close();
      }
    });
  }
});
