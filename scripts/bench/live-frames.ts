import { setTimeout as sleep } from "node:timers/promises";
import type { Page } from "playwright-core";
import { canvasSheetHtml } from "./canvas-sheet.ts";
import { type FrameStats, measureFrames } from "./frames.ts";
import { Acks, address, Histogram, pickUnpopped, visitor } from "./live-clients.ts";
import { setUp } from "./live-servers.ts";
import { launchVisitorBrowser } from "./visitor-browser.ts";

/** What a page costs while `run` drives it: its frames, plus main-thread busy time and elements. */
async function measured(page: Page, run: () => Promise<FrameStats>) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable");
  const metrics = async () =>
    Object.fromEntries((await cdp.send("Performance.getMetrics")).metrics.map((m) => [m.name, m.value]));
  const before = await metrics();
  const stats = await run();
  const after = await metrics();
  const busy =
    ((after.TaskDuration ?? 0) - (before.TaskDuration ?? 0)) / ((after.Timestamp ?? 0) - (before.Timestamp ?? 1));
  const elements = await page.evaluate(() => document.getElementsByTagName("*").length);
  await cdp.detach();
  return { ...stats, busy, elements };
}

const frameText = (m: Awaited<ReturnType<typeof measured>>) =>
  `${m.fps.toFixed(1)} fps, p95 ${m.p95.toFixed(1)} ms, ${m.longTasks} long tasks, main thread ${Math.round(m.busy * 100)}% busy`;

/**
 * The page itself while 200 pops a second arrive (20 other visitors popping 10 a second each),
 * scrolled all the while, on a phone-sized and a desktop window, against the same page with no
 * pops arriving, in the same run: frames a second, the 95th percentile frame time, long tasks, the
 * renderer's main-thread time and the elements in the page. The canvas alternative
 * (bench/canvas-sheet.ts) is measured the same way, in the same run.
 */
export async function livePageFrames(clients: number, lines: string[], failures: string[]) {
  const setup = await setUp("SQLite", 10_000, clients);
  const acks = new Acks(new Histogram());
  const browser = await launchVisitorBrowser();
  const scroll = async (page: Page, until: number) => {
    const box = await page.getByRole("grid").boundingBox();
    if (!box) throw new Error("no grid");
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    for (let k = 0; Date.now() < until; k++) {
      await page.mouse.wheel(0, k % 80 < 40 ? 60 : -60);
      await sleep(16);
    }
  };
  const origin = setup.origins[0] as string;
  const pages = [
    {
      name: "grid of buttons (the page)",
      url: `${origin}/bubble-wrap/together`,
      ready: (page: Page) => page.getByText("Live: every pop pops for everyone.").waitFor(),
      judged: true,
    },
    {
      name: "canvas (drawing only)",
      url: `${origin}/__bench/canvas-sheet`,
      ready: (page: Page) => page.locator("body[data-live=true]").waitFor(),
      judged: false,
    },
  ];
  try {
    const others = await Promise.all(
      Array.from({ length: 20 }, (_, k) => visitor(setup.origins, k, { acks, address: address(50_000 + k) })),
    );
    for (const [name, viewport] of [
      ["phone", { width: 412, height: 823 }],
      ["desktop", { width: 1280, height: 900 }],
    ] as const) {
      for (const variant of pages) {
        const context = await browser.newContext({ viewport, serviceWorkers: "block" });
        // The canvas page is served by the bench on the site's origin; a page Playwright serves has
        // no address, so Chromium asks for local network access before its channel may connect.
        await context.grantPermissions(["local-network-access"]);
        await context.route(`${origin}/__bench/canvas-sheet`, (route) =>
          route.fulfill({ contentType: "text/html", body: canvasSheetHtml() }),
        );
        // Muted: on this machine, with no sound device, Chromium takes most of a second to create
        // the first AudioContext, which would be measured here as the page's (it is the same for
        // every toy's first sound, and milliseconds where there is a sound card).
        await context.addInitScript(() => localStorage.setItem("pointlessMuted", "1"));
        const page = await context.newPage();
        await page.goto(variant.url);
        await variant.ready(page);
        const quiet = await measured(page, () => measureFrames(page, scroll, 5));
        let popping = true;
        const pops = others.map(async (other) => {
          while (popping) {
            if (other.sheet) void other.pop(pickUnpopped(other.sheet, 1));
            await sleep(100);
          }
        });
        const busy = await measured(page, () => measureFrames(page, scroll, 5));
        popping = false;
        await Promise.all(pops);
        const ok = !variant.judged || (busy.fps >= 55 && busy.longTasks === 0);
        if (!ok) failures.push(`frames on a ${name}: ${busy.fps.toFixed(1)} fps, ${busy.longTasks} long tasks`);
        lines.push(
          `| ${name} (${viewport.width}x${viewport.height}) | ${variant.name}, ${busy.elements} elements | ${frameText(quiet)} | ${frameText(busy)}${ok ? "" : " ✗"} |`,
        );
        await context.close();
      }
    }
    for (const other of others) other.close();
  } finally {
    await browser.close();
    await setup.stop();
  }
}
