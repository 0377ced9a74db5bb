import type { Page } from "@playwright/test";
import { bigButton, expectTotal, globalCount, test } from "./counter-page";
import { expect, waitForHydration } from "./fixtures";
import { holdShellChunk } from "./network";

/**
 * The first press on `/` is answered at paint (issue 46's moonshot; app/toys/useless-button/
 * early-press.ts): the page's own inline script turns the button and moves the count the moment
 * the press comes, React adopts what it did without a flash or a hydration mismatch (the fixtures
 * fail the test on any console error), and the press counts once, here and on the global counter.
 */
const personalCount = (page: Page) => page.getByText(/^Your clicks:/).locator("strong");

/** What the page shows of the press: the count, the button's turn, and whether React is live. */
interface Shown {
  count: string | null;
  turn: string | null;
  live: boolean;
}

interface PressProbe {
  /** The press, timed by the event, and what the page showed as it came (before any handler). */
  press: (Shown & { at: number }) | null;
  /** The first frame after the press, timed when its callbacks ran, and what it showed. */
  frame: (Shown & { at: number }) | null;
  /** What every frame from the press on showed, until `stop`. */
  frames: Shown[];
  stop: boolean;
}

/**
 * Before any script of the page: a capture listener on the window, registered before the page's
 * own (which stops the press from going further), notes the press and asks for the next frame;
 * each frame from then on is read, every node looked up afresh (React may replace them).
 */
function probePress(): void {
  const shown = (): Shown => ({
    count: document.querySelector("[data-early-count]")?.textContent ?? null,
    turn: (document.querySelector("[data-early-press]") as HTMLElement | null)?.style.transform ?? null,
    live: document.documentElement.dataset.hydrated === "true",
  });
  const probe: PressProbe = { press: null, frame: null, frames: [], stop: false };
  (window as unknown as { pressProbe: PressProbe }).pressProbe = probe;
  addEventListener(
    "click",
    (event) => {
      if (probe.press) return;
      probe.press = { at: event.timeStamp, ...shown() };
      requestAnimationFrame(() => {
        probe.frame = { at: performance.now(), ...shown() };
      });
      const everyFrame = () => {
        probe.frames.push(shown());
        if (!probe.stop) requestAnimationFrame(everyFrame);
      };
      requestAnimationFrame(everyFrame);
    },
    true,
  );
}

const pressProbe = (page: Page) => page.evaluate(() => (window as unknown as { pressProbe: PressProbe }).pressProbe);

test("a press before React has loaded moves the count within one frame, and React keeps it without counting it again", async ({
  page,
  counter,
}) => {
  const before = await counter.total();
  const mark = counter.mark();
  await page.addInitScript(probePress);
  // React cannot start until the press has been made and seen.
  const release = await holdShellChunk(page);
  await page.goto("/", { waitUntil: "commit" });
  await expect(bigButton(page)).toBeVisible();
  await expect(personalCount(page)).toHaveText("–");

  await bigButton(page).click();
  // The first frame after the press already shows it, the count and the turn, measured in the page.
  await expect.poll(async () => (await pressProbe(page)).frame).not.toBeNull();
  const { press, frame } = await pressProbe(page);
  expect(press).toMatchObject({ count: "–", turn: "rotate(0deg)", live: false });
  expect(frame).toMatchObject({ count: "1", turn: "rotate(360deg)", live: false });
  expect((frame?.at ?? 0) - (press?.at ?? 0)).toBeGreaterThanOrEqual(0);
  test.info().annotations.push({
    type: "press to its frame",
    description: `${((frame?.at ?? 0) - (press?.at ?? 0)).toFixed(1)} ms`,
  });
  expect(await page.evaluate(() => localStorage.getItem("personalUselessClicks"))).toBe("1");

  // Every change to the count and the button from now on, each read from the nodes the page has
  // then, to see that React never takes it back.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seen: string[] }).seen = seen;
    new MutationObserver(() => {
      const count = document.querySelector("[data-early-count]");
      const button = document.querySelector("[data-early-press]") as HTMLElement | null;
      seen.push(`${count?.textContent} ${button?.style.transform}`);
    }).observe(document.querySelector("main") as HTMLElement, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ["style"],
    });
  });
  release();
  await waitForHydration(page);
  await expect(globalCount(page)).toHaveText(/^\d/);
  // The press reached the global counter once, and this device counted it once.
  await expectTotal(counter, before + 1, mark);
  // React keeps what the script showed: read from the page React rendered.
  await expect(personalCount(page)).toHaveText("1");
  await expect(bigButton(page)).toHaveAttribute("style", /rotate\(360deg\)/);
  expect(
    await page.evaluate(() => [localStorage.getItem("uselessClicks"), localStorage.getItem("personalUselessClicks")]),
  ).toEqual(["1", "1"]);
  // Frame by frame from the press to after React took over, and change by change as it did.
  await page.evaluate(() => {
    (window as unknown as { pressProbe: PressProbe }).pressProbe.stop = true;
  });
  const { frames } = await pressProbe(page);
  expect(frames.some((shown) => !shown.live) && frames.some((shown) => shown.live), JSON.stringify(frames)).toBe(true);
  expect(frames.filter((shown) => shown.count !== "1" || shown.turn !== "rotate(360deg)")).toEqual([]);
  const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
  expect(seen.length, "changes seen in the page as React took over").toBeGreaterThan(0);
  expect(seen.filter((shown) => shown !== "1 rotate(360deg)")).toEqual([]);

  // React has it from here: the next press turns the button on and counts the second click.
  await bigButton(page).click();
  await expect(personalCount(page)).toHaveText("2");
  await expect(bigButton(page)).toHaveAttribute("style", /rotate\(720deg\)/);
  await expectTotal(counter, before + 2, mark);
});
