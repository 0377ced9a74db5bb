import { WALL_SIZE } from "../contracts/wall";
import { expect, expectProblems, httpErrorLine, open } from "./fixtures";
import { holdTheLine } from "./live-line";
import { clearOfMidnight } from "./timers";
import { cellButton, LIVE, namesOn, PATH, place, test } from "./wall-page";

/**
 * Emoji Wall for Everyone without its server or a connection, and how visitors find it. The wall is
 * shared (e2e/wall-page.ts): each test builds on what the last one left.
 */
test.describe.configure({ mode: "serial" });

test("without the server, the page says so plainly, shows the last wall it saw and when, and the next visit finds the server back", async ({
  page,
  problems,
}) => {
  await clearOfMidnight();
  // A visit that saw the wall, then leaves (the wall is kept in storage).
  await open(page, PATH);
  await expect(page.getByText(LIVE)).toBeVisible();
  const seen = await namesOn(page);
  await page.goto("about:blank");

  // A static host: the API is its 404 page, and there is no channel.
  const line = await holdTheLine(page, { statePath: "/api/wall" });
  line.away = true;
  await open(page, PATH);
  await expect(
    page.getByText("The shared wall needs the site's own server, and this copy of the site has none."),
  ).toBeVisible();
  await expect(page.getByText(/Showing the wall as it was at \d/)).toBeVisible();
  expect(await namesOn(page)).toEqual(seen);
  await expect(cellButton(page, 0)).toBeDisabled();
  await expect(page.getByRole("link", { name: "Play with a wall of your own" })).toHaveAttribute("href", "/emojis");
  // Pressing a cell paints nothing (forced: Playwright would wait for an aria-disabled button to be enabled).
  await cellButton(page, 150).click({ force: true });
  expect(await namesOn(page)).toEqual(seen);

  // The server is back: a static host is asked once a visit (e2e/live-static-host.spec.ts), so the
  // next visit finds it.
  line.away = false;
  await page.reload();
  await expect(page.getByText(LIVE)).toBeVisible({ timeout: 15_000 });
  await expect(cellButton(page, 0)).toBeEnabled();
  // The static host is asked once, when the channel first fails to open; its 404 is the browser's
  // to report. (The refused channels are the test's route: the browser reports nothing of them.)
  await expectProblems(problems, [httpErrorLine("/api/wall")]);
});

test("without a connection, the page says so, keeps showing the wall it has, and comes back when the network does", async ({
  page,
  context,
}) => {
  await clearOfMidnight();
  const line = await holdTheLine(page);
  await open(page, PATH);
  await expect(page.getByText(LIVE)).toBeVisible();
  const seen = await namesOn(page);
  // The network goes, and with it the open channel (the browser's emulation keeps open sockets).
  await context.setOffline(true);
  line.away = true;
  line.cut();
  await expect(
    page.getByText("You are offline. The shared wall needs a connection to the site's server."),
  ).toBeVisible();
  await expect(page.getByText(/Showing the wall as it was at \d/)).toBeVisible();
  expect(await namesOn(page)).toEqual(seen);
  await expect(cellButton(page, 0)).toBeDisabled();
  line.away = false;
  await context.setOffline(false);
  await expect(page.getByText(LIVE)).toBeVisible({ timeout: 30_000 });
});

test("a first visit with no server shows no wall at all, never invented cells", async ({
  browser,
  baseURL,
  problems,
}) => {
  const context = await browser.newContext({ baseURL, serviceWorkers: "block" });
  const page = await context.newPage();
  (await holdTheLine(page, { statePath: "/api/wall" })).away = true;
  await open(page, PATH);
  await expect(page.getByText(/this copy of the site has none\. There is no wall to show/)).toBeVisible();
  const names = await namesOn(page);
  expect(names).toEqual(Array.from({ length: WALL_SIZE }, (_, cell) => `${place(cell)}: not loaded`));
  expect(await page.getByRole("grid").textContent()).toBe("");
  await context.close();
  // The static host is asked once, when the channel first fails to open; its 404 is the browser's
  // to report.
  await expectProblems(problems, [httpErrorLine("/api/wall")]);
});

test("a wall last seen before today says its date, not only a time", async ({ page, problems }) => {
  // Last week's wall, kept from a visit then; today, a static host.
  const seenAt = await page.evaluate(() => {
    const seen = new Date();
    seen.setDate(seen.getDate() - 7);
    seen.setHours(14, 3, 12);
    return seen.getTime();
  });
  await page.addInitScript((kept) => localStorage.setItem("sharedEmojiWall", kept), savedWall(seenAt));
  (await holdTheLine(page, { statePath: "/api/wall" })).away = true;
  await open(page, PATH);
  const day = new Date(seenAt);
  const month = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split(" ")[day.getMonth()];
  const year = day.getFullYear() === new Date().getFullYear() ? "" : ` ${day.getFullYear()}`;
  await expect(
    page.getByText(`Showing the wall as it was on ${day.getDate()} ${month}${year} at 14:03.`),
  ).toBeVisible();
  await expectProblems(problems, [httpErrorLine("/api/wall")]);
});

/** A wall as the page keeps it in storage (app/toys/emojis-together/logic.ts), seen at `seenAt`. */
const savedWall = (seenAt: number) => JSON.stringify({ cells: `0${".".repeat(WALL_SIZE - 1)}`, seenAt });

test("the personal Emoji Wall links to the shared one", async ({ page }) => {
  await open(page, "/emojis");
  await page.getByRole("link", { name: /Paint with everyone/ }).click();
  await expect(page).toHaveURL(/\/emojis\/together$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Emoji Wall for Everyone");
});
