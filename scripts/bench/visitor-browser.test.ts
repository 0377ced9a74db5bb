import { describe, expect, it } from "vitest";
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

  it("opens pages without Chromium's own UI pages loading beside them", async () => {
    const browser = await launchVisitorBrowser();
    try {
      const page = await browser.newPage();
      await page.goto("about:blank");
      // A plain launch has the omnibox popup's two pages within 0.2 s of a new page (Chromium 156).
      const seen: string[] = [];
      for (let i = 0; i < 15; i++) {
        seen.push(...(await browserUiPages(browser)));
        await page.waitForTimeout(100);
      }
      expect(seen).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
