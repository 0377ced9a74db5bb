import { bigButton, expectTotal, globalCount, test } from "./counter-page";
import { expect, waitForHydration } from "./fixtures";
import { holdShellChunk } from "./network";

/**
 * The first press on `/` is answered at paint (issue 46's moonshot; app/toys/useless-button/
 * early-press.ts): the page's own inline script turns the button and moves the count the moment
 * the press comes, React adopts what it did without a flash or a hydration mismatch (the fixtures
 * fail the test on any console error), and the press counts once, here and on the global counter.
 */
const personalCount = (page: import("@playwright/test").Page) => page.getByText(/^Your clicks:/).locator("strong");

test("a press before React has loaded moves the count within one frame, and React keeps it without counting it again", async ({
  page,
  counter,
}) => {
  const before = await counter.total();
  const mark = counter.mark();
  // React cannot start until the press has been made and seen.
  const release = await holdShellChunk(page);
  await page.goto("/", { waitUntil: "commit" });
  await expect(bigButton(page)).toBeVisible();
  await expect(personalCount(page)).toHaveText("–");

  await bigButton(page).click();
  // The frame after the press already shows it: the count and the turn.
  const answered = await page.evaluate(
    () =>
      new Promise<{ count: string | null | undefined; turn: string; live: boolean }>((resolve) =>
        requestAnimationFrame(() =>
          resolve({
            count: document.querySelector("[data-early-count]")?.textContent,
            turn: (document.querySelector("[data-early-press]") as HTMLElement).style.transform,
            live: document.documentElement.dataset.hydrated === "true",
          }),
        ),
      ),
  );
  expect(answered).toEqual({ count: "1", turn: "rotate(360deg)", live: false });
  expect(await page.evaluate(() => localStorage.getItem("personalUselessClicks"))).toBe("1");

  // Everything the count and the button show from now on, to see that React never takes it back.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seen: string[] }).seen = seen;
    const count = document.querySelector("[data-early-count]") as HTMLElement;
    const button = document.querySelector("[data-early-press]") as HTMLElement;
    new MutationObserver(() => seen.push(`${count.textContent} ${button.style.transform}`)).observe(
      document.querySelector("main") as HTMLElement,
      { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ["style"] },
    );
  });
  release();
  await waitForHydration(page);
  await expect(globalCount(page)).toHaveText(/^\d/);
  // The press reached the global counter once, and this device counted it once.
  await expectTotal(counter, before + 1, mark);
  await expect(personalCount(page)).toHaveText("1");
  expect(
    await page.evaluate(() => [localStorage.getItem("uselessClicks"), localStorage.getItem("personalUselessClicks")]),
  ).toEqual(["1", "1"]);
  const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
  expect(
    seen.every((shown) => shown === "1 rotate(360deg)"),
    seen.join(", "),
  ).toBe(true);

  // React has it from here: the next press turns the button on and counts the second click.
  await bigButton(page).click();
  await expect(personalCount(page)).toHaveText("2");
  await expect(bigButton(page)).toHaveAttribute("style", /rotate\(720deg\)/);
  await expectTotal(counter, before + 2, mark);
});
