import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
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
  const child = spawn("Xvfb", ["-displayfd", "3", "-screen", "0", "1280x900x24", "-nolisten", "tcp"], {
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

export async function launchWebKit(): Promise<EngineBrowser> {
  const xvfb = await startXvfb();
  const port = await freePort();
  const driverProcess = spawn("WebKitWebDriver", [`--port=${port}`], {
    env: { ...process.env, DISPLAY: xvfb.display },
    stdio: "ignore",
  });
  await waitForPort(port, driverProcess, "WebKitWebDriver");
  const drivers = new Set<WebDriver>();
  return {
    async newPage(origin) {
      // A session is a browser of its own (no storage shared), as a context is in Firefox.
      const driver = await new Builder()
        .usingServer(`http://127.0.0.1:${port}`)
        .withCapabilities({
          browserName: "MiniBrowser",
          "webkitgtk:browserOptions": { binary: findMiniBrowser() ?? "MiniBrowser", args: ["--automation"] },
        })
        .build();
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
    },
  };
}

export const launch = (engine: Engine, options: { serviceWorkers?: boolean } = {}) =>
  engine === "firefox" ? launchFirefox(options) : launchWebKit();
