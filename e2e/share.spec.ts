import type { Page } from "@playwright/test";
import { seededRandom } from "../app/kit/lib/random";
import { SIGNS } from "../app/toys/aura/words";
import { uwuify } from "../app/toys/uwu/logic";
import { expect, open, test } from "./fixtures";
import { copied, shared, stubClipboardOnly, stubShareSheet } from "./share-stubs";
import { installPausedClock } from "./timers";

/** Presses a toy's button, then lets its fake clock run until the result is shown. */
const pressThenWait = (button: string, ms: number) => async (page: Page) => {
  await page.getByRole("button", { name: button }).click();
  await page.clock.runFor(ms);
};

/** The toys with a result worth sending: how to get one, the share button, what is sent. */
const RESULTS: {
  path: string;
  clock?: boolean;
  act: (page: Page) => Promise<void>;
  button: string;
  text: RegExp;
}[] = [
  {
    path: "/",
    act: (page) => page.getByRole("main").getByRole("button").first().click(),
    button: "Share",
    text: /^I have pressed the Useless Button 1 time\. It did nothing, every time\.$/,
  },
  {
    path: "/bubble-wrap",
    act: async (page) => {
      await page.getByRole("button", { name: "Bubble 1", exact: true }).click();
      await page.getByRole("button", { name: "Bubble 2", exact: true }).click();
    },
    button: "Share",
    text: /^I popped 2 of 100 screaming bubbles\. They all screamed\.$/,
  },
  {
    path: "/wheel",
    clock: true,
    act: pressThenWait("Spin the Wheel", 4000),
    button: "Share my fate",
    text: /^I spun the Wheel of Misfortune: You Lose!$/,
  },
  {
    path: "/age",
    clock: true,
    act: pressThenWait("Guess My Age", 10_000),
    button: "Share",
    text: /^The Age Oracle gazed into its crystal ball and says I am 42\.$/,
  },
  {
    path: "/coin",
    clock: true,
    act: pressThenWait("Flip the Coin", 2000),
    button: "Share",
    text: /^I flipped the coin and it landed on… Side\.$/,
  },
  {
    path: "/rock",
    act: (page) => page.getByRole("button", { name: "Adopt" }).click(),
    button: "Share ",
    text: /^I adopted a pet rock called (\S.*)\. \1 blinks, occasionally\.$/,
  },
  {
    path: "/hotdog",
    act: async () => {},
    button: "Share today's hotdog",
    text: /^Today's Hotdog of the Day: \S.*, topped with \S.*\.$/,
  },
];

for (const result of RESULTS) {
  test(`${result.path}: the result goes to the share sheet in words, with the page's link`, async ({
    page,
    baseURL,
  }) => {
    await stubShareSheet(page);
    if (result.clock) await installPausedClock(page);
    await open(page, result.path);
    await result.act(page);
    await page.getByRole("button", { name: result.button }).click();
    await expect.poll(() => shared(page)).toHaveLength(1);
    const [data] = await shared(page);
    expect(data?.text).toMatch(result.text);
    expect(data?.url).toBe(new URL(result.path, baseURL).href);
    expect(data?.title).toBe(await page.title());
  });
}

test("without a share sheet, the result and its link are copied, and a toast says so", async ({ page, baseURL }) => {
  await stubClipboardOnly(page);
  await installPausedClock(page);
  await open(page, "/coin");
  await pressThenWait("Flip the Coin", 2000)(page);
  await page.getByRole("button", { name: "Share" }).click();
  await expect.poll(() => copied(page)).toEqual([`I flipped the coin and it landed on… Side. ${baseURL}/coin`]);
  await page.clock.runFor(100); // the toast view arrives and opens
  await expect(page.locator(".toast")).toContainText("Copied to your clipboard");
});

test("an aura reading is shared as a link that opens that very reading", async ({ page, baseURL }) => {
  await stubShareSheet(page);
  await open(page, "/aura");
  await page.getByLabel("Your zodiac sign").selectOption("Leo");
  await page.getByRole("button", { name: "Read My Aura" }).click();
  const reading = page.locator("p", { hasText: /^Leo:/ });
  await expect(reading).toBeVisible();
  const words = ((await reading.textContent()) ?? "").replace(/^Leo: /, "");
  await page.getByRole("button", { name: "Share this aura" }).click();
  await expect.poll(() => shared(page)).toHaveLength(1);
  const [data] = await shared(page);
  expect(data?.text).toBe(`My Leo aura: ${words}`);
  const link = new URL(data?.url ?? "");
  expect(link.origin).toBe(new URL(baseURL ?? "").origin);
  const leo = SIGNS.find((s) => s.name === "Leo");
  expect(link.search).toBe(`?sign=Leo&reading=${(leo?.readings.indexOf(words) ?? -1) + 1}`);

  // The friend opens the link: the same sign and the same reading, nothing stored anywhere.
  await page.evaluate(() => localStorage.clear());
  await open(page, `${link.pathname}${link.search}`);
  await expect(page.locator("p", { hasText: /^Leo:/ })).toHaveText(`Leo: ${words}`);
  await expect(page.getByLabel("Your zodiac sign")).toHaveValue("Leo");
});

test("an UwU translation is shared as a link that opens the same translation, emoticons and all", async ({ page }) => {
  await stubShareSheet(page);
  await open(page, "/uwu");
  const text = "I love rabbits! Really, really love them!! <b>bold</b>";
  await page.getByLabel("Your serious text").fill(text);
  await page.getByRole("button", { name: "Translate" }).click();
  const output = page.locator("output");
  await expect(output).toContainText("wabbits");
  const translation = await output.textContent();
  await page.getByRole("button", { name: "Share the translation" }).click();
  await expect.poll(() => shared(page)).toHaveLength(1);
  const [data] = await shared(page);
  expect(data?.text).toBe(translation);
  const link = new URL(data?.url ?? "");
  expect(link.searchParams.get("text")).toBe(text);
  const seed = Number(link.searchParams.get("seed"));
  expect(translation).toBe(uwuify(text, seededRandom(seed)));

  await open(page, `${link.pathname}${link.search}`);
  await expect(output).toHaveText(translation ?? "");
  await expect(page.getByLabel("Your serious text")).toHaveValue(text);
});
