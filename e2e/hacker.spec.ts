import { LINE_EVERY_MS, linePrefix, linesKept, MAX_LINES } from "../app/toys/hacker/logic";
import { CONFESSIONS } from "../app/toys/hacker/words";
import { expect, open, test } from "./fixtures";
import { installPausedClock, liveIntervals, navigateWithMenu, trackIntervals } from "./timers";

/**
 * The oldest line goes two animation frames after the newest came (after the newest is painted),
 * and the installed clock runs animation frames as its timers: this much of its time runs them.
 */
const FRAMES_MS = 40;

test.describe("Hacker Console", () => {
  test("adds a confession every 1.5 s, all 16 before any repeats", async ({ page }) => {
    await installPausedClock(page);
    await open(page, "/hacker");
    const lines = page.getByRole("list", { name: "Console output" }).getByRole("listitem").filter({ hasText: "root@" });
    await expect(lines).toHaveCount(0);
    // The first at 1.5 s, the next at 3 s, to the millisecond; then one every 1.5 s.
    for (const count of [1, 2]) {
      await page.clock.runFor(1499);
      await expect(lines).toHaveCount(count - 1);
      await page.clock.runFor(1);
      await expect(lines).toHaveCount(count);
    }
    await page.clock.runFor(1500 * 14 - 1);
    await expect(lines).toHaveCount(15);
    await page.clock.runFor(1);
    await expect(lines).toHaveCount(16);
    const texts = (await lines.allInnerTexts()).map((t) => t.replace(/^\[pid \d+\] root@mainframe:~\$\s*/, ""));
    expect(new Set(texts).size).toBe(16);
    expect([...texts].sort()).toEqual([...CONFESSIONS].sort());
  });

  test("scrolls to the newest line and can be paused", async ({ page }) => {
    await installPausedClock(page);
    await open(page, "/hacker");
    await page.clock.runFor(1500 * 30);
    const log = page.getByRole("list", { name: "Console output" });
    // The newest line in view, at the bottom of the console.
    const newestInView = () =>
      page.evaluate(() => {
        const scroller = document.querySelector("[data-console-scroller]") as HTMLElement;
        const lines = [...scroller.querySelectorAll("li")].filter((li) => li.textContent?.includes("root@"));
        const newest = lines.at(-1)?.getBoundingClientRect();
        const box = scroller.getBoundingClientRect();
        return (
          scroller.scrollHeight > scroller.clientHeight + 100 &&
          !!newest &&
          newest.bottom <= box.bottom &&
          newest.bottom > box.bottom - 80
        );
      });
    expect(await newestInView()).toBe(true);
    // The newest only (past MAX_LINES, the oldest go down to LINES_AFTER_TRIM), after the banner,
    // the newest last, the cursor after it.
    const confessions = log.getByRole("listitem").filter({ hasText: "root@" });
    const made = MAX_LINES + 5;
    await page.clock.runFor(1500 * (made - 30));
    await page.clock.runFor(FRAMES_MS);
    await expect(confessions).toHaveCount(linesKept(made));
    expect(linesKept(made)).toBeLessThan(MAX_LINES);
    await expect(confessions.last()).toContainText(linePrefix(made - 1));
    await expect(confessions.first()).toContainText(linePrefix(made - linesKept(made)));
    await expect(log.getByRole("listitem").first()).toContainText("MAINFRAME OS");
    expect(await newestInView()).toBe(true);
    await page.getByRole("button", { name: "Pause the hacking" }).click();
    const count = await log.getByRole("listitem").count();
    await page.clock.runFor(1500 * 4);
    await expect(log.getByRole("listitem")).toHaveCount(count);
    await page.getByRole("button", { name: "Resume the hacking" }).click();
    await page.clock.runFor(1500 + FRAMES_MS);
    // One more.
    await expect(confessions.last()).toContainText(linePrefix(made));
    await expect(confessions).toHaveCount(linesKept(made + 1));
  });

  // On a phone, as Lighthouse measures (on a desktop's width, Chromium counted no shift even for
  // the console before, whose every line moved every line up).
  test("on a phone, a line shifts nothing on the page, nor do the oldest lines going", async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    await installPausedClock(page);
    await open(page, "/hacker");
    await page.evaluate(() => {
      const w = window as unknown as { shifts: number[] };
      w.shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.shifts.push((entry as PerformanceEntry & { value: number }).value);
      }).observe({ type: "layout-shift" });
    });
    const lines = page.getByRole("list", { name: "Console output" }).getByRole("listitem").filter({ hasText: "root@" });
    // One line at a time, each painted before the next (a shift is the move from one frame to
    // the next): the first ones, while they fit and as the console begins to scroll, then the
    // ones past MAX_LINES, for which the oldest go (in a frame of their own).
    const oneByOne = async (from: number, to: number) => {
      for (let count = from; count <= to; count++) {
        await page.clock.runFor(LINE_EVERY_MS - FRAMES_MS);
        await expect(lines.last()).toContainText(linePrefix(count - 1));
        await page.waitForTimeout(50);
        await page.clock.runFor(FRAMES_MS);
        await page.waitForTimeout(50);
      }
    };
    await page.clock.runFor(FRAMES_MS);
    const shifts = () => page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
    await oneByOne(1, 8);
    expect(await shifts()).toEqual([]);
    await page.clock.runFor(LINE_EVERY_MS * (MAX_LINES - 10));
    await page.waitForTimeout(50);
    await oneByOne(MAX_LINES - 1, MAX_LINES + 4);
    expect(await shifts()).toEqual([]);
    await expect(lines).toHaveCount(linesKept(MAX_LINES + 4));
    expect(linesKept(MAX_LINES + 4)).toBeLessThan(MAX_LINES);
  });

  test("a visitor reading back keeps their place while lines come and the oldest go", async ({ page }) => {
    await installPausedClock(page);
    await open(page, "/hacker");
    await page.clock.runFor(1500 * (MAX_LINES - 5));
    const confessions = page
      .getByRole("list", { name: "Console output" })
      .getByRole("listitem")
      .filter({ hasText: "root@" });
    // Scrolled back to a line in the middle: where it is in the console (first scrolled to `at`
    // px from the console's top, when given).
    const read = linePrefix(50);
    const place = (at?: number) =>
      page.evaluate(
        ([prefix, at]) => {
          const scroller = document.querySelector("[data-console-scroller]") as HTMLElement;
          const line = [...scroller.querySelectorAll("li")].find((li) => li.textContent?.startsWith(prefix));
          if (!line) return null;
          const top = () => line.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
          if (at !== undefined) scroller.scrollTop += top() - at;
          return Math.round(top());
        },
        [read, at] as const,
      );
    await place(100);
    const before = await place();
    expect(before).toBeGreaterThan(90);
    expect(before).toBeLessThan(110);
    // Ten more lines, the oldest gone at once as the console passed MAX_LINES: the line read has
    // not moved.
    await page.clock.runFor(1500 * 10 + FRAMES_MS);
    await expect(confessions).toHaveCount(linesKept(MAX_LINES + 5));
    await expect(confessions.first()).toContainText(linePrefix(MAX_LINES + 5 - linesKept(MAX_LINES + 5)));
    await expect(confessions.last()).toContainText(linePrefix(MAX_LINES + 4));
    const after = await place();
    expect(after).not.toBeNull();
    expect(Math.abs(Number(after) - Number(before))).toBeLessThanOrEqual(1);
    // Back at the end, the console follows again.
    await page.evaluate(() => {
      const scroller = document.querySelector("[data-console-scroller]") as HTMLElement;
      scroller.scrollTop = scroller.scrollHeight;
    });
    await page.clock.runFor(1500);
    await expect(confessions.last()).toContainText(linePrefix(MAX_LINES + 5));
    const newest = await confessions.last().boundingBox();
    const box = await page.locator("[data-console-scroller]").boundingBox();
    expect(newest && box && newest.y >= box.y && newest.y + newest.height <= box.y + box.height).toBe(true);
  });

  test("on a phone, no confession becomes the page's largest paint", async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    await installPausedClock(page);
    await open(page, "/hacker");
    // Every confession, the longest wrapping to three lines on this width.
    await page.clock.runFor(1500 * CONFESSIONS.length);
    await expect(page.getByRole("listitem").filter({ hasText: "root@" })).toHaveCount(CONFESSIONS.length);
    const largest = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          new PerformanceObserver((list) => {
            const entry = list.getEntries().at(-1) as PerformanceEntry & { element: Element | null };
            resolve(entry.element?.textContent ?? "(removed)");
          }).observe({ type: "largest-contentful-paint", buffered: true });
        }),
    );
    expect(largest).not.toContain("root@");
  });

  test("stops its interval when the page is left", async ({ page }) => {
    await trackIntervals(page);
    await open(page, "/hacker");
    expect(await liveIntervals(page)).toBe(1);
    await navigateWithMenu(page, "Useless Button");
    await expect(page.getByRole("heading", { name: "The Useless Button" })).toBeVisible();
    expect(await liveIntervals(page)).toBe(0);
  });
});
