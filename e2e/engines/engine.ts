import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import puppeteer, { type Browser as FirefoxBrowser } from "puppeteer-core";
import { Builder, By, type WebDriver } from "selenium-webdriver";
import { Command, Name } from "selenium-webdriver/lib/command.js";
import { FIREFOX, findMiniBrowser } from "../../scripts/engine-binaries.mjs";
import { freePort, stopProcess, waitForPort } from "../../scripts/lib/local-servers";

/**
 * A page in another engine than Chromium, as the cross-engine specs drive it: Debian's Firefox ESR
 * over WebDriver BiDi (puppeteer-core, which needs no driver binary) and WebKitGTK's MiniBrowser
 * over classic WebDriver (selenium-webdriver against Debian's WebKitWebDriver, on an Xvfb display of
 * its own). One small interface over both, so a spec says what a visitor does once for both engines.
 */
export interface EnginePage {
  readonly engine: Engine;
  goto(path: string): Promise<void>;
  /** A native click on the first element `css` matches (the driver moves the pointer and presses). */
  click(css: string): Promise<void>;
  /** A finger's tap on the middle of the first element `css` matches (touch input, not a mouse). */
  tap(css: string): Promise<void>;
  /** Runs `body` (a function's source, as `(arg) => ...`) in the page with `arg`, and returns its JSON result. */
  run<T>(body: string, arg?: unknown): Promise<T>;
  /** The console errors and uncaught errors seen since the last call (a page of the site logs none). */
  takeErrors(): Promise<string[]>;
  close(): Promise<void>;
}

export type Engine = "firefox" | "webkit";

/**
 * What the engines were asked, in order, with when each call began and how long it took ("…" while
 * it has not returned): a test that runs out of its minute says which call it was waiting on (a
 * fresh clone's run timed out "a clap in webkit reaches firefox's page" with nothing more). The
 * fixtures clear it before each test and attach it to a failed one.
 */
interface Call {
  what: string;
  /** Seconds from the test's start to the first such call. */
  at: number;
  /** Milliseconds the last one took, or null while it has not returned. */
  took: number | null;
  threw: boolean;
  /** The same call made again in a row (a wait's polls): one line. */
  times: number;
}
const trail: Call[] = [];
let trailStart = performance.now();
export function clearTrail(): void {
  trail.length = 0;
  trailStart = performance.now();
}
/** The trail, the latest call first (the reporter prints an attachment's first 300 characters). */
export function readTrail(): string {
  return trail
    .map(({ what, at, took, threw, times }) => {
      const end = took === null ? "… (not returned)" : `${threw ? "threw" : "ok"} (${Math.round(took)} ms)`;
      return `${at.toFixed(1)}s ${what}${times > 1 ? ` ×${times}` : ""} ${end}`;
    })
    .reverse()
    .join("\n");
}
async function traced<T>(what: string, call: () => Promise<T>): Promise<T> {
  const start = performance.now();
  let entry = trail.at(-1);
  if (!entry || entry.what !== what || entry.took === null || entry.threw) {
    entry = { what, at: (start - trailStart) / 1000, took: null, threw: false, times: 0 };
    trail.push(entry);
  }
  entry.times++;
  entry.took = null;
  try {
    return await call();
  } catch (error) {
    entry.threw = true;
    throw error;
  } finally {
    entry.took = performance.now() - start;
  }
}

/** The page's calls, each in the trail (a `run` by its first 40 characters). */
function tracedPage(page: EnginePage): EnginePage {
  const name = (what: string) => `${page.engine} ${what}`;
  return {
    engine: page.engine,
    goto: (path) => traced(name(`goto ${path}`), () => page.goto(path)),
    click: (css) => traced(name(`click ${css}`), () => page.click(css)),
    tap: (css) => traced(name(`tap ${css}`), () => page.tap(css)),
    run: (body, arg) => traced(name(`run ${body.replace(/\s+/g, " ").slice(0, 40)}`), () => page.run(body, arg)),
    takeErrors: () => traced(name("takeErrors"), () => page.takeErrors()),
    close: () => traced(name("close"), () => page.close()),
  };
}

export interface EngineBrowser {
  newPage(origin: string): Promise<EnginePage>;
  close(): Promise<void>;
}

/**
 * WebKitWebDriver has no BiDi (2.50 refuses `webSocketUrl`) and its automation view writes no
 * console to stdout, so in WebKit the page's errors are collected by the page itself from the moment
 * the test can reach it (after each load): uncaught errors, rejections and console.error. An error
 * before that breaks what the spec checks next (hydration, the page's words).
 */
const COLLECT_ERRORS = `
  if (!window.__engineErrors) {
    const errors = (window.__engineErrors = []);
    addEventListener("error", (e) => errors.push("pageerror: " + (e.message || e.type)));
    addEventListener("unhandledrejection", (e) => errors.push("unhandledrejection: " + String(e.reason)));
    const error = console.error.bind(console);
    console.error = (...args) => { errors.push("console.error: " + args.map(String).join(" ")); error(...args); };
  }`;

/**
 * Firefox, its service worker off unless `serviceWorkers` (as the Chromium suite blocks it on every
 * page but the offline tests': each page would install it and precache the site behind the test).
 */
export async function launchFirefox({ serviceWorkers = false } = {}): Promise<EngineBrowser> {
  const profile = mkdtempSync(join(tmpdir(), "pointless-firefox-"));
  const browser: FirefoxBrowser = await puppeteer.launch({
    browser: "firefox",
    executablePath: FIREFOX,
    headless: true,
    userDataDir: profile,
    extraPrefsFirefox: {
      // Sound may start after a press without a device to play on (the page's AudioContext runs).
      "media.autoplay.default": 0,
      "media.cubeb.backend": "null",
      // A tap is a tap however long the busy machine takes between the finger's down and up
      // (Firefox's default: no click after 300 ms, as from a finger held to scroll).
      "apz.max_tap_time": 10_000,
      "dom.serviceWorkers.enabled": serviceWorkers,
    },
  });
  return {
    async newPage(origin) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(`console.error: ${message.text()}`);
      });
      page.on("pageerror", (error) => errors.push(`pageerror: ${String(error)}`));
      return {
        engine: "firefox",
        goto: async (path) => {
          await page.goto(new URL(path, origin).href, { waitUntil: "load" });
        },
        click: (css) => page.click(css),
        tap: (css) => page.tap(css),
        run: (body, arg) => page.evaluate(`(${body})(${JSON.stringify(arg ?? null)})`) as never,
        takeErrors: async () => errors.splice(0),
        close: () => context.close(),
      };
    },
    async close() {
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** A display of its own: Xvfb picks a free number and writes it to the pipe (no race between workers). */
async function startXvfb(): Promise<{ display: string; child: ChildProcess }> {
  // -noreset: by default an X server starts over when its last client leaves, which each session's
  // MiniBrowser is as it quits; the next one, starting then, found no display ("cannot open display",
  // 2 sessions of 120 beside two busy loops) and the driver waited for it for ever.
  const child = spawn("Xvfb", ["-displayfd", "3", "-noreset", "-screen", "0", "1280x900x24", "-nolisten", "tcp"], {
    stdio: ["ignore", "ignore", "ignore", "pipe"],
  });
  const display = await new Promise<string>((resolve, reject) => {
    let text = "";
    (child.stdio[3] as NodeJS.ReadableStream).on("data", (chunk) => {
      text += String(chunk);
      if (text.includes("\n")) resolve(`:${text.trim()}`);
    });
    child.once("exit", (code) => reject(new Error(`Xvfb ended (${code}) before it had a display`)));
  });
  return { display, child };
}

/** Time for a MiniBrowser to start and connect (1-3 s quiet; a busy machine's test minute bounds the rest). */
const SESSION_START_MS = 30_000;

export async function launchWebKit(): Promise<EngineBrowser> {
  const xvfb = await startXvfb();
  const port = await freePort();
  // What the driver and its browsers write (a failed start says why) goes to a file, read when a
  // session does not start.
  const logDir = mkdtempSync(join(tmpdir(), "pointless-webkit-"));
  const log = join(logDir, "driver.log");
  const driverProcess = spawn("sh", ["-c", 'exec WebKitWebDriver --port="$0" >"$1" 2>&1', String(port), log], {
    env: { ...process.env, DISPLAY: xvfb.display },
    stdio: "ignore",
  });
  await waitForPort(port, driverProcess, "WebKitWebDriver");
  const drivers = new Set<WebDriver>();
  return {
    async newPage(origin) {
      // A session is a browser of its own (no storage shared), as a context is in Firefox.
      const building = new Builder()
        .usingServer(`http://127.0.0.1:${port}`)
        .withCapabilities({
          browserName: "MiniBrowser",
          "webkitgtk:browserOptions": { binary: findMiniBrowser() ?? "MiniBrowser", args: ["--automation"] },
        })
        .build();
      // WebKitWebDriver waits for ever for a browser that ended before it connected (its connect
      // loop stops without an answer): a deadline, and what the browser said.
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          const said = readFileSync(log, "utf8")
            .split("\n")
            .filter((line) => /MiniBrowser|WebDriver/.test(line));
          reject(new Error(`WebKit's session did not start in ${SESSION_START_MS} ms:\n${said.slice(-10).join("\n")}`));
        }, SESSION_START_MS);
      });
      const driver = await Promise.race([building, late]).finally(() => clearTimeout(timer));
      drivers.add(driver);
      const collect = () => driver.executeScript(COLLECT_ERRORS);
      return {
        engine: "webkit",
        goto: async (path) => {
          await driver.get(new URL(path, origin).href);
          await collect();
        },
        click: async (css) => {
          await (await driver.findElement(By.css(css))).click();
        },
        tap: async (css) => {
          const element = await driver.findElement(By.css(css));
          // WebDriver's touch pointer: down and up at the element's middle, as a finger does.
          const origin = { "element-6066-11e4-a52e-4f735466cecf": await element.getId() };
          const finger = [
            { type: "pointerMove", duration: 0, origin, x: 0, y: 0 },
            { type: "pointerDown", button: 0 },
            { type: "pointerUp", button: 0 },
          ];
          await driver.execute(
            new Command(Name.ACTIONS).setParameter("actions", [
              { type: "pointer", id: "finger", parameters: { pointerType: "touch" }, actions: finger },
            ]),
          );
          await driver.execute(new Command(Name.CLEAR_ACTIONS));
        },
        run: async (body, arg) =>
          driver.executeScript(
            `return Promise.resolve((${body})(arguments[0])).then((v) => JSON.stringify(v ?? null)).then(JSON.parse)`,
            arg ?? null,
          ) as never,
        takeErrors: async () => {
          await collect();
          return (await driver.executeScript("return window.__engineErrors.splice(0)")) as string[];
        },
        close: async () => {
          drivers.delete(driver);
          await driver.quit();
        },
      };
    },
    async close() {
      for (const driver of drivers) await driver.quit().catch(() => {});
      await stopProcess(driverProcess);
      await stopProcess(xvfb.child);
      rmSync(logDir, { recursive: true, force: true });
    },
  };
}

export async function launch(engine: Engine, options: { serviceWorkers?: boolean } = {}): Promise<EngineBrowser> {
  const browser = await (engine === "firefox" ? launchFirefox(options) : launchWebKit());
  return {
    newPage: async (origin) => tracedPage(await traced(`${engine} newPage`, () => browser.newPage(origin))),
    close: () => browser.close(),
  };
}
