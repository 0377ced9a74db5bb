import type { Locator, Page } from "playwright-core";

export interface FrameStats {
  fps: number;
  /** 95th percentile time between frames, ms. */
  p95: number;
  longTasks: number;
}

/**
 * Frame pacing of a page while `drive` plays with it: requestAnimationFrame deltas and
 * PerformanceObserver long tasks, recorded in the page, for `seconds` of continuous input.
 */
export async function measureFrames(
  page: Page,
  drive: (page: Page, until: number) => Promise<void>,
  seconds = 3,
): Promise<FrameStats> {
  await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __longTasks: number; __recording: boolean };
    w.__frames = [];
    w.__longTasks = 0;
    w.__recording = true;
    new PerformanceObserver((list) => {
      if (w.__recording) w.__longTasks += list.getEntries().length;
    }).observe({ type: "longtask" });
    const tick = (t: number) => {
      if (!w.__recording) return;
      w.__frames.push(t);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await drive(page, Date.now() + seconds * 1000);
  const { frames, longTasks } = await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __longTasks: number; __recording: boolean };
    w.__recording = false;
    return { frames: w.__frames, longTasks: w.__longTasks };
  });
  const deltas = frames
    .slice(1)
    .map((t, i) => t - (frames[i] as number))
    .sort((a, b) => a - b);
  const span = (frames.at(-1) ?? 0) - (frames[0] ?? 0);
  return {
    fps: span > 0 ? ((frames.length - 1) * 1000) / span : 0,
    p95: deltas[Math.floor(deltas.length * 0.95)] ?? Number.POSITIVE_INFINITY,
    longTasks,
  };
}

/** Continuous pointer movement over the page's main play area (or the main element). */
export async function wavePointer(page: Page, until: number): Promise<void> {
  const target = page.locator("main button, main").first();
  const box = await target.boundingBox();
  if (!box) throw new Error("nothing to point at");
  let i = 0;
  while (Date.now() < until) {
    const x = box.x + box.width / 2 + Math.sin(i / 8) * (box.width / 2.5);
    const y = box.y + Math.min(box.height, 500) / 2 + Math.cos(i / 11) * 120;
    await page.mouse.move(x, y);
    i++;
  }
}

/** A fast human clicker: about fifteen clicks a second. */
export const HUMAN_CLICKS_PER_SECOND = 15;

/** Clicks all over the play area at a fast human rate (Infinite Shrugs). */
export async function clickAround(page: Page, until: number): Promise<void> {
  const target = page.locator("main button").first();
  const box = await target.boundingBox();
  if (!box) throw new Error("nothing to click");
  const start = Date.now();
  let i = 0;
  while (Date.now() < until) {
    await page.mouse.click(
      box.x + 20 + ((i * 37) % (box.width - 40)),
      box.y + 20 + ((i * 53) % Math.max(1, box.height - 40)),
    );
    i++;
    const wait = start + (i * 1000) / HUMAN_CLICKS_PER_SECOND - Date.now();
    if (wait > 0) await page.waitForTimeout(wait);
  }
}

/** Pops bubbles one after another (Screaming Bubbles). */
export async function popBubbles(page: Page, until: number): Promise<void> {
  const bubbles = page.getByRole("list", { name: "Bubble wrap" }).getByRole("button");
  let i = 0;
  while (Date.now() < until) {
    await bubbles.nth(i % 100).click();
    i++;
    if (i % 100 === 0) await page.getByRole("button", { name: "More bubble wrap" }).click();
  }
}

/** Just watches: for pages that animate on their own (Emoji Wall, Countdown). */
export async function watch(page: Page, until: number): Promise<void> {
  await page.mouse.move(10, 200);
  while (Date.now() < until) await page.waitForTimeout(100);
}

/** Clicks the heading first (browsers play sound only after a click), then waves the pointer. */
export async function waveWithSound(page: Page, until: number): Promise<void> {
  await page.getByRole("heading", { level: 1 }).click();
  await wavePointer(page, until);
}

/** Holds `handle` and drags it round and round until `until` (a popup's title bar, a piece). */
async function dragInCircles(page: Page, handle: Locator, until: number): Promise<void> {
  const box = await handle.boundingBox();
  if (!box) throw new Error("nothing to drag");
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  let i = 0;
  while (Date.now() < until) {
    await page.mouse.move(x + Math.sin(i / 10) * 120, y + Math.cos(i / 10) * 80);
    i++;
  }
  await page.mouse.up();
}

/** Opens a few popups, then drags the newest by its title bar (Popup Attack). */
export async function dragPopup(page: Page, until: number): Promise<void> {
  const opener = page.locator("main button").first();
  // With the keyboard: after a few runs a popup may land on top of the button.
  for (let i = 0; i < 5; i++) await opener.press("Enter");
  await dragInCircles(page, page.getByRole("dialog").last().getByRole("heading"), until);
}

/** Drags a puzzle piece around (Impossible Puzzle). */
export async function dragPiece(page: Page, until: number): Promise<void> {
  await dragInCircles(page, page.getByRole("button", { name: /^Piece 1,/ }), until);
}

/** Scrolls with the wheel down the page and back up, again and again (Potato Zoom). */
export async function scrollAround(page: Page, until: number): Promise<void> {
  await page.mouse.move(400, 400);
  let direction = 1;
  while (Date.now() < until) {
    await page.mouse.wheel(0, 150 * direction);
    const { y, max } = await page.evaluate(() => ({
      y: window.scrollY,
      max: document.documentElement.scrollHeight - window.innerHeight,
    }));
    if ((direction > 0 && y >= max - 10) || (direction < 0 && y <= 10)) direction = -direction;
  }
}
