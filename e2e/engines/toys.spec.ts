import { PALETTE } from "../../contracts/wall";
import type { Engine, EngineBrowser, EnginePage } from "./engine";
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

/** The number in the `dd` after the `dt` saying `label` (0 when there is none yet), as page source. */
const STAT = `(label) => Number((([...document.querySelectorAll("dt")].find((dt) => dt.textContent.includes(label))?.nextElementSibling?.textContent) ?? "").replace(/[^\\d]/g, ""))`;

/**
 * A visitor in one engine and a watcher in the other, both on `path` (and live, where the toy says
 * `live`): `act` runs with both, neither page may log an error, and both close whatever happens.
 */
async function inBoth(
  engines: (engine: Engine) => Promise<EngineBrowser>,
  origin: string,
  [engine, other]: readonly [Engine, Engine],
  { path, live }: { path: string; live?: string },
  act: (page: EnginePage, watcher: EnginePage) => Promise<void>,
) {
  const page = await (await engines(engine)).newPage(origin);
  const watcher = await (await engines(other)).newPage(origin);
  try {
    for (const opened of [watcher, page]) {
      await open(opened, path);
      if (live) await showsText(opened, live);
    }
    await act(page, watcher);
    expect(await page.takeErrors()).toEqual([]);
    expect(await watcher.takeErrors()).toEqual([]);
  } finally {
    await page.close();
    await watcher.close();
  }
}

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
    await inBoth(engines, baseURL as string, [engine, other], { path: "/" }, async (page, watcher) => {
      const before = await globalTotal(page);
      for (let i = 0; i < 3; i++) await page.click("main button[data-early-press]");
      await until(page, `() => document.querySelector("[data-early-count]").textContent === "3"`);
      expect(await globalTotal(page, before + 3)).toBeGreaterThanOrEqual(before + 3);
      // The other engine's page, open all along, is told.
      expect(await globalTotal(watcher, before + 3)).toBeGreaterThanOrEqual(before + 3);
    });
  });
}

test.describe("shared toys across engines", () => {
  for (const pair of PAIRS) {
    const [engine, other] = pair;
    test(`a clap in ${engine} reaches ${other}'s page`, async ({ engines, baseURL }) => {
      const clap = { path: "/clap", live: "Live: your claps join everyone's, and you hear theirs." };
      await inBoth(engines, baseURL as string, pair, clap, async (page, watcher) => {
        const before = await watcher.run<number>(STAT, "Everyone's claps");
        await page.click("main button.cursor-crosshair");
        await until(watcher, `(before) => (${STAT})("Everyone's claps") > before`, before);
      });
    });

    test(`a bubble popped in ${engine} pops on ${other}'s sheet`, async ({ engines, baseURL }) => {
      const sheet = { path: "/bubble-wrap/together", live: "Live: every pop pops for everyone." };
      await inBoth(engines, baseURL as string, pair, sheet, async (page, watcher) => {
        const target = await mark(
          page,
          `() => document.querySelector('[aria-label^="Bubble "][aria-pressed="false"]')`,
        );
        const name = await page.run<string>(`() => document.querySelector("${target}").getAttribute("aria-label")`);
        await page.click(target);
        for (const seen of [page, watcher])
          await until(
            seen,
            `(name) => document.querySelector('[aria-label="' + name + '"]')?.getAttribute("aria-pressed") === "true"`,
            name,
          );
      });
    });

    test(`a cell painted in ${engine} changes on ${other}'s wall`, async ({ engines, baseURL }) => {
      const wall = { path: "/emojis/together", live: "Live: every cell you paint changes for everyone." };
      await inBoth(engines, baseURL as string, pair, wall, async (page, watcher) => {
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
        for (const seen of [page, watcher])
          await until(seen, `(label) => Boolean(document.querySelector('[aria-label="' + label + '"]'))`, painted);
      });
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
