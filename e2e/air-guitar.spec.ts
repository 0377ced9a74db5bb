import { AMP_OFF } from "../app/toys/air-guitar/logic";
import { recordSounds, soundsPlayed, withoutUserActivation } from "./audio-stub";
import { expect, open, test } from "./fixtures";
import { installPausedClock } from "./timers";

test("Air Guitar: strums power chords on pointer movement, throttled, and with the keyboard", async ({ page }) => {
  await recordSounds(page);
  await withoutUserActivation(page);
  await installPausedClock(page);
  await open(page, "/air-guitar");
  const zone = page.getByRole("button", { name: /Air guitar/ });
  const box = await zone.boundingBox();
  if (!box) throw new Error("no zone");
  // Browsers keep pages silent until a first click or key press; the amp says so.
  await page.mouse.move(box.x + 10, box.y + 60);
  await expect(zone).toContainText(AMP_OFF);
  await page.clock.runFor(200);
  expect(await soundsPlayed(page)).toEqual([]);
  await page.getByRole("heading", { level: 1 }).click();
  await expect(zone).not.toContainText(AMP_OFF);
  await page.clock.runFor(200);
  const strums = zone.getByText(/strums of pure air$/);
  const strummed = (n: number) => expect(strums).toHaveText(`${n} strums of pure air`);
  const chords = async () => (await soundsPlayed(page)).length / 2;
  // Strums before the first click counted too, silently.
  const before = Number((await strums.textContent())?.split(" ")[0]);
  // 30 moves, one every 10 ms: strums at 0, 120 and 240 ms, each a root and a fifth. The sound
  // engine is fetched on the first press; strums asked for meanwhile all play once it is there.
  for (let i = 0; i < 30; i++) {
    await page.mouse.move(box.x + 10 + i * 6, box.y + 60);
    await page.clock.runFor(10);
  }
  await strummed(before + 3);
  await expect.poll(chords).toBe(3);
  for (const s of await soundsPlayed(page)) expect(s.kind).toBe("osc:sawtooth");
  // To the millisecond: a strum (the last was 60 ms ago, so wait past it), none 119 ms later, the
  // next at 120 ms.
  await page.clock.runFor(200);
  await page.mouse.move(box.x + 10, box.y + 100);
  await strummed(before + 4);
  await page.clock.runFor(119);
  await page.mouse.move(box.x + 20, box.y + 100);
  await strummed(before + 4);
  await page.clock.runFor(1);
  await page.mouse.move(box.x + 30, box.y + 100);
  await strummed(before + 5);
  await expect.poll(chords).toBe(5);
  await page.clock.runFor(200);
  await zone.focus();
  await page.keyboard.press("Enter");
  await strummed(before + 6);
  await expect.poll(chords).toBe(6);
});
