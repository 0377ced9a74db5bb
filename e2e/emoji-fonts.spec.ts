import type { Page } from "@playwright/test";
import { HYPE } from "../app/toys/air-guitar/logic";
import { REPLIES } from "../app/toys/boyfriend/words";
import { POLLS } from "../app/toys/polls/words";
import { DEJAVU_UI_LAUNCH, watchEmojiFonts } from "./emoji-fonts";
import { expect, expectProblems, httpErrorLine, open } from "./fixtures";
import { withPrivateServer } from "./private-server";
import { seedStorage } from "./storage-stubs";
import { pauseClock } from "./timers";
import { cellButton, LIVE, paint, place, PATH as WALL } from "./wall-page";

/**
 * Every emoji the site shows is drawn by a colour emoji font, asked of Chromium (e2e/emoji-fonts.ts)
 * on this machine's fonts with DejaVu Sans as the UI font (DEJAVU_UI_LAUNCH). What every page
 * shows as it loads is asked on the route-wide checks' one load per page (routes.spec.ts); here,
 * the premise, and what comes with a press. Its own server: it paints the shared wall and votes.
 */
const test = withPrivateServer("emoji-fonts");
test.use({ launchOptions: DEJAVU_UI_LAUNCH });

type Fonts = Awaited<ReturnType<typeof watchEmojiFonts>>;

/** Fails with every emoji on the page not drawn in colour; `atLeast` emoji must have been seen. */
async function expectInColour(page: Page, fonts: Fonts, atLeast = 1) {
  const { seen, wrong } = await fonts.notInColour();
  expect(wrong, `emoji drawn by a text font on ${new URL(page.url()).pathname}`).toEqual([]);
  expect(seen).toBeGreaterThanOrEqual(atLeast);
}

test("the test's premise: the UI font is DejaVu Sans, which has emoji of its own, and the colour font is there", async ({
  page,
}) => {
  // Without the page's stack, a text font with the code point draws the emoji.
  const fonts = await watchEmojiFonts(page);
  await page.setContent('<p style="font-family: system-ui">😀</p><p style="font-family: \'Noto Color Emoji\'">😀</p>');
  const glyphs = await fonts.glyphs();
  expect(glyphs.map((glyph) => glyph.fonts)).toEqual([["DejaVu Sans"], ["Noto Color Emoji"]]);
});

test("the not-found page's shrug is in colour", async ({ page, problems }) => {
  const fonts = await watchEmojiFonts(page);
  await open(page, "/no-such-page");
  // Chromium logs the 404 status of the not-found document itself.
  await expectProblems(problems, [httpErrorLine("/no-such-page")]);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("404: Nothing to see here");
  await expectInColour(page, fonts);
});

test("the Emoji Wall for Everyone's painted cells are in colour", async ({ page }) => {
  const fonts = await watchEmojiFonts(page);
  await open(page, WALL);
  await expect(page.getByText(LIVE)).toBeVisible();
  // 😀, one of the four DejaVu Sans has (with 😂, 😎 and 🙃; the palette shows all sixteen).
  await paint(page, 0, 0);
  await expect(cellButton(page, 0)).toHaveAccessibleName(`${place(0)}: 😀`);
  await expectInColour(page, fonts, 16 + 1);
});

test("emoji that come with a press are in colour", async ({ page }) => {
  test.slow();
  const fonts = await watchEmojiFonts(page);
  for (const [url, action] of [
    ["/weather", "Check My Forecast"],
    ["/recipes", "Cook Something Awful"],
    ["/break-up", "Break It Off"],
    ["/rap", "Drop a Verse"],
  ]) {
    await open(page, url as string);
    await page.getByRole("button", { name: action }).click();
    await expectInColour(page, fonts);
  }

  await open(page, "/aura");
  await page.getByLabel("Your zodiac sign").selectOption("Aries");
  await page.getByRole("button", { name: "Read My Aura" }).click();
  await expect(page.getByText(/^Aries:/)).toBeVisible();
  // The sign in the control and in the glowing ball.
  await expectInColour(page, fonts, 2);

  // Nine messages: the shuffle bag answers each of the nine replies once, five of them with emoji.
  await open(page, "/boyfriend");
  const input = page.getByLabel("Message");
  for (let i = 0; i < REPLIES.length; i++) {
    await input.fill(`Message ${i}`);
    await input.press("Enter");
  }
  await expect(page.getByRole("log", { name: "Chat" }).getByRole("listitem")).toHaveCount(1 + 2 * REPLIES.length);
  await expectInColour(page, fonts, 1 + 5);

  // Past 50 clicks, the banner's siren.
  await seedStorage(page, { personalUselessClicks: "51" });
  await open(page, "/");
  await expect(page.getByText(/officially addicted/)).toBeVisible();
  await expectInColour(page, fonts, 2);
});

test("the Air Guitar's hype line is in colour, words and emoji in one line", async ({ page }) => {
  // The line is picked at random: this one has ⚡, which DejaVu Sans has.
  await page.addInitScript(() => {
    Math.random = () => 0.6;
  });
  const fonts = await watchEmojiFonts(page);
  // Muted, the amp shows its hype line at once; the mute button shows 🔇.
  await open(page, "/air-guitar");
  await page.getByRole("button", { name: "Mute sound" }).click();
  await page.getByRole("button", { name: /Air guitar/ }).press("Enter");
  await expect(page.getByText(HYPE[3], { exact: true })).toBeVisible();
  await expectInColour(page, fonts, 3);
});

test("the polls' thanks are in colour", async ({ page }) => {
  // Thanks show for 1.5 s: the clock holds them while the fonts are asked.
  await page.clock.install();
  const fonts = await watchEmojiFonts(page);
  await open(page, "/polls");
  await pauseClock(page);
  await page.getByRole("button", { name: POLLS[0]?.a[0] }).click();
  await expect(page.getByText("Thanks for voting!")).toBeVisible();
  await expectInColour(page, fonts);
});
