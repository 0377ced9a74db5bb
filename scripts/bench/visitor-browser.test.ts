import { type Browser, chromium } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CHROMIUM_ARGS, findChromium } from "../chromium.mjs";
import {
  BROWSER_UI_FEATURES_OFF,
  browserUiPages,
  launchVisitorBrowser,
  visitorBrowserArgs,
} from "./visitor-browser.ts";

describe("the benches' browser", () => {
  it("keeps Playwright's own features off and adds the browser UI's, in the one flag Chromium reads", async () => {
    const flags = (await visitorBrowserArgs()).filter((arg) => arg.startsWith("--disable-features="));
    expect(flags).toHaveLength(1);
    const off = flags[0]?.slice("--disable-features=".length).split(",") ?? [];
    // Playwright's, for paint timing: a held first paint would move every paint figure.
    expect(off).toContain("PaintHolding");
    for (const feature of BROWSER_UI_FEATURES_OFF) expect(off).toContain(feature);
  });

  it("opens pages without Chromium's own UI pages loading beside them, which a plain launch has", async () => {
    /** The UI pages seen in `browser` over 1.5 s after a new page opened (looked for every 100 ms). */
    async function uiPagesAfterNewPage(browser: Browser): Promise<string[]> {
      const page = await browser.newPage();
      await page.goto("about:blank");
      const seen = new Set<string>();
      for (let i = 0; i < 15; i++) {
        for (const url of await browserUiPages(browser)) seen.add(url);
        await page.waitForTimeout(100);
      }
      return [...seen];
    }
    // The same browser launched plainly (CHROMIUM_ARGS, Playwright's own flags): the finder finds
    // the omnibox popup's pages there (Chromium 156 makes them within 0.2 s of a new page) ...
    const plain = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
    try {
      expect(await uiPagesAfterNewPage(plain)).toContainEqual(expect.stringMatching(/^chrome:\/\/omnibox-popup\./));
    } finally {
      await plain.close();
    }
    // ... and none with the benches' flags.
    const browser = await launchVisitorBrowser();
    try {
      expect(await uiPagesAfterNewPage(browser)).toEqual([]);
    } finally {
      await browser.close();
    }
    // Two launches of the full browser and 3 s of looking: Vitest's 5 s default is too close.
  }, 30_000);
});
