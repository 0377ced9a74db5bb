import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";

/**
 * What a browser test does with a page of the site, apart from the guards every test runs with
 * (e2e/fixtures.ts, which exports these too): opening it, waiting for it, and reading it.
 */

/** Opens a path and waits until React has hydrated it. */
export async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

/**
 * Waits for the marker the root layout sets once React has hydrated. Hydration is an event, not a
 * deadline: it takes 0.1-0.15 s of main thread after the page's chunks arrive, and on a starved
 * machine the renderer may get that time late. So this wait has no clock of its own (expect's
 * default 5 s failed on busy machines with nothing broken); the test's own budget bounds it.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 0 });
}

/**
 * Lets the page render `frames` frames and run the tasks queued before them, so the renders that
 * input, observers or media changes asked for have happened. It counts frames, not milliseconds,
 * so it is as long as the page needs on a fast machine or a starved one. (Not with a paused fake
 * clock, which holds animation frames: use `page.clock.runFor` there.)
 */
export async function settle(page: Page, frames = 2): Promise<void> {
  await page.evaluate(
    (count) =>
      new Promise<void>((resolve) => {
        let left = count;
        const next = () => (--left > 0 ? requestAnimationFrame(next) : setTimeout(resolve, 0));
        requestAnimationFrame(next);
      }),
    frames,
  );
}

/** Waits until every animation running on the matched elements or inside them has finished. */
export async function animationsFinished(locator: Locator): Promise<void> {
  await locator.evaluateAll((els) =>
    Promise.all(els.flatMap((el) => el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => {})))),
  );
}

/**
 * Runs axe-core (WCAG 2.x A and AA rules, and best practice) and returns its violations.
 *
 * In the page itself (legacy mode) and with the details of violations alone: the default runs the
 * rules in each frame and then gathers the results in a new blank page of the context, which on a
 * page of many elements costs most of the time (2026-11-28, quiet, three runs: the shared sheet
 * 3.3 s against 0.4 s, the Emoji Wall 1.8 s against 0.3 s, `/` 0.4 s against 0.2 s). The site has
 * no frames, which is all legacy mode does not look into; the violations found are the same (a
 * missing alt, a nameless button and a low contrast put on a page, found alike both ways).
 */
export async function axeViolations(page: Page, { contrastReadFromPixels = false } = {}) {
  // The options first: options() replaces whatever withTags() set.
  const builder = new AxeBuilder({ page })
    .options({ resultTypes: ["violations"] })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .setLegacyMode();
  // Where every text's contrast is read from the pixels behind it (e2e/contrast.ts, the route-wide
  // checks), axe's own contrast rule would read the same texts again (and leave those over a
  // gradient unread): it was 40% of axe's time (2026-12-04, ten pages, three rounds: 428 ms a
  // page with it, 259 without).
  if (contrastReadFromPixels) builder.disableRules(["color-contrast"]);
  const results = await builder.analyze();
  return results.violations.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => n.target.join(" ")) }));
}

/**
 * Whether the page frame shows `background` (a CSS background-image value). Both sides go through
 * the browser's own parser, so formatting differences do not matter.
 */
export async function pageBackground(page: Page, background: string) {
  return page.locator("[data-page-frame]").evaluate((frame, expected) => {
    const probe = document.createElement("div");
    probe.style.backgroundImage = expected;
    const shown = getComputedStyle(frame).backgroundImage;
    return {
      shown: shown.startsWith("linear-gradient"),
      same: (frame as HTMLElement).style.backgroundImage === probe.style.backgroundImage,
    };
  }, background);
}

/**
 * Records every layout shift from the page's first paint on (call before it loads); the returned
 * function reads their sum, as Lighthouse adds up CLS for a load.
 */
export async function watchLayoutShifts(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { __shifts: number[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: "layout-shift", buffered: true });
  });
  return () =>
    page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts.reduce((sum, value) => sum + value, 0));
}
