import { test as base, expect } from "@playwright/test";
import { clearTrail, type Engine, type EngineBrowser, type EnginePage, launch, readTrail } from "./engine";

export { expect };
export const ENGINES: readonly Engine[] = ["firefox", "webkit"];
/** Each engine with the other: a change made in the first is seen in the second. */
export const PAIRS: readonly (readonly [Engine, Engine])[] = [
  ["firefox", "webkit"],
  ["webkit", "firefox"],
];

/**
 * The cross-engine specs' fixtures: each worker's Firefox and WebKit, started before its first test
 * that asks for them, on the fixture's own time, and closed when the worker ends. Started inside a
 * test (as they were, the first time one asked), their start counted against its minute: a fresh
 * clone's run beside two busy loops timed out a test that opened both (a start is 2-4 s quiet).
 * No Chromium page: these tests drive the other engines only, against the suite's server (`baseURL`).
 */
export const test = base.extend<{ trail: undefined }, { engines: (engine: Engine) => Promise<EngineBrowser> }>({
  // Every test's calls to the engines, attached to a test that fails (engine.ts: which call it was
  // waiting on when its minute ran out).
  trail: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use, testInfo) => {
      clearTrail();
      await use(undefined);
      if (testInfo.status !== testInfo.expectedStatus)
        await testInfo.attach("engine calls, latest first", { body: readTrail(), contentType: "text/plain" });
    },
    { auto: true },
  ],
  engines: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use) => {
      const started = new Map<Engine, EngineBrowser>();
      try {
        for (const engine of ENGINES) started.set(engine, await launch(engine));
        await use(async (engine) => {
          const browser = started.get(engine);
          if (!browser) throw new Error(`no ${engine} started`);
          return browser;
        });
      } finally {
        for (const browser of started.values()) await browser.close();
      }
    },
    // Time to start both on a loaded machine, not what is asserted.
    { scope: "worker", timeout: 120_000 },
  ],
});

/**
 * Waits until `body` (a function's source, run in the page with `arg`) returns something truthy, and
 * returns it. An event, not a deadline: the test's own budget bounds it.
 */
export async function until<T>(page: EnginePage, body: string, arg?: unknown): Promise<T> {
  for (;;) {
    const value = await page.run<T>(body, arg);
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Opens `path` and waits until React has hydrated it (the root's marker, as e2e/fixtures.ts waits). */
export async function open(page: EnginePage, path: string): Promise<void> {
  await page.goto(path);
  await until(page, `() => document.documentElement.dataset.hydrated === "true"`);
}

/** The text of the first element `css` matches, whitespace collapsed ("" when there is none). */
export const textOf = (page: EnginePage, css: string) =>
  page.run<string>(`(css) => (document.querySelector(css)?.textContent ?? "").replace(/\\s+/g, " ").trim()`, css);

/** Waits until the page shows `text` somewhere in its body. */
export const showsText = (page: EnginePage, text: string) =>
  until<boolean>(page, `(text) => document.body.innerText.replace(/\\s+/g, " ").includes(text)`, text);
