import { AMP_OFF, STRUM_THROTTLE_MS } from "../app/toys/air-guitar/logic";
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
  for (let i = 0; i < 30; i++) {
    await page.mouse.move(box.x + 10 + i * 6, box.y + 60);
    await page.clock.runFor(10);
  }
  // 300 ms of waving: at most 300 / 120 + 1 strums, each a root and a fifth. The sound engine is
  // fetched on the first press; strums asked for meanwhile all play together once it is there.
  await expect.poll(async () => (await soundsPlayed(page)).length).toBeGreaterThanOrEqual(4);
  const strums = (await soundsPlayed(page)).length / 2;
  expect(strums).toBeGreaterThanOrEqual(2);
  expect(strums).toBeLessThanOrEqual(Math.floor(300 / STRUM_THROTTLE_MS) + 1);
  for (const s of await soundsPlayed(page)) expect(s.kind).toBe("osc:sawtooth");
  await page.clock.runFor(200);
  await zone.focus();
  await page.keyboard.press("Enter");
  expect((await soundsPlayed(page)).length / 2).toBe(strums + 1);
});
