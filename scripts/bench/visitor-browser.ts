import { type Browser, chromium } from "playwright-core";
import { CHROMIUM_ARGS, findChromium } from "../chromium.mjs";

/**
 * Chromium's own UI that a new window loads: in Chromium 156 (Debian's, 2026-11) the omnibox's
 * popup is a WebUI page (chrome://omnibox-popup.top-chrome/, twice), made with every window.
 * Playwright opens a window for every context, so every cold load and every frame drive of a bench
 * shared two cores with it: 0.3-0.9 s of CPU in its own renderer during the 3 s of a toy's frame
 * drive (traced 2026-11-27). A visitor's window exists before they open the site, so the benches'
 * browsers go without it. Lighthouse keeps Chrome as its CLI launches it (bench/lighthouse.ts).
 */
export const BROWSER_UI_FEATURES_OFF = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"] as const;

const FLAG = "--disable-features=";
let args: Promise<string[]> | undefined;

/**
 * CHROMIUM_ARGS and a `--disable-features` that adds BROWSER_UI_FEATURES_OFF to Playwright's own
 * list. Chromium reads the last `--disable-features` only, and Playwright writes its list (which
 * turns off, among others, PaintHolding and startup requests to Google) before the caller's
 * arguments, so the list is read from a browser started once to ask (the command line is given
 * only with `--enable-automation`).
 */
export function visitorBrowserArgs(): Promise<string[]> {
  args ??= (async () => {
    const probe = await chromium.launch({
      executablePath: findChromium(),
      args: [...CHROMIUM_ARGS, "--enable-automation"],
    });
    try {
      const cdp = await probe.newBrowserCDPSession();
      const { arguments: line } = (await cdp.send("Browser.getBrowserCommandLine")) as { arguments: string[] };
      const playwrights =
        line
          .findLast((arg) => arg.startsWith(FLAG))
          ?.slice(FLAG.length)
          .split(",") ?? [];
      return [
        ...CHROMIUM_ARGS,
        FLAG + [...new Set([...playwrights.filter(Boolean), ...BROWSER_UI_FEATURES_OFF])].join(","),
      ];
    } finally {
      await probe.close();
    }
  })();
  return args;
}

/** The full Chromium a visitor runs, for the benches, without a new window's own UI pages. */
export async function launchVisitorBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: findChromium(), args: await visitorBrowserArgs() });
}

/** The pages of Chromium's own UI open in `browser` (what BROWSER_UI_FEATURES_OFF keeps away). */
export async function browserUiPages(browser: Browser): Promise<string[]> {
  const cdp = await browser.newBrowserCDPSession();
  try {
    const { targetInfos } = (await cdp.send("Target.getTargets", { filter: [{}] })) as {
      targetInfos: { type: string; url: string }[];
    };
    return targetInfos.filter((target) => target.url.startsWith("chrome://")).map((target) => target.url);
  } finally {
    await cdp.detach();
  }
}
