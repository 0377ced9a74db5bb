import { type BrowserContext, test as base, type ConsoleMessage, expect, type Page } from "@playwright/test";
import { WorkerServers } from "./worker-servers";

export {
  animationsFinished,
  axeViolations,
  open,
  pageBackground,
  settle,
  waitForHydration,
  watchLayoutShifts,
} from "./page-checks";
export { expect };

interface Fixtures {
  /**
   * Console errors and uncaught page errors of every page the test opens; each test fails if any
   * is left unexpected (`expectProblems` takes out those a test expects).
   */
  problems: string[];
  /**
   * Requests that tried to leave the site's origin, from any page of any context the test has or
   * makes (the default page's are blocked); each test fails if any.
   */
  offsite: string[];
  /** A failed test's screenshots: every page open when it ended, in every context (below). */
  failureScreenshots: undefined;
  /** The worker's servers of the file before this test's are stopped as it begins (e2e/worker-servers.ts). */
  serversOfThisFile: undefined;
}

interface WorkerFixtures {
  /**
   * The servers this worker started for its tests (e2e/worker-servers.ts): a spec file's own
   * (e2e/private-server.ts), the global counter's (e2e/counter-page.ts). The suite's only worker
   * fixture, so the Chromium specs share the same workers (and their browsers), but for the two
   * that launch theirs with another UI font (routes.spec.ts, emoji-fonts.spec.ts).
   */
  workerServers: WorkerServers;
}

/**
 * A console line as `problems` holds it. A resource that failed to load is named by where it was
 * (its path on the test's own server, `baseURL`; its whole address on any other), so a test can
 * expect the one failure it means, not every failure with the same status.
 */
function problemLine(message: ConsoleMessage, origin: string): string {
  const line = `console.${message.type()}: ${message.text()}`;
  if (!message.text().startsWith("Failed to load resource")) return line;
  const url = message.location().url;
  const own = URL.canParse(url) && new URL(url).origin === origin;
  return `${line} (${own ? url.slice(origin.length) : url})`;
}

/**
 * Every browser test runs with two guards: no console error or hydration warning, and no request
 * to another origin. Both watch every page of the test: the default page, the pages of its
 * context (`context.newPage()`, pop-ups) and those of every context the test makes with
 * `browser.newContext()` (another visitor's). A test that expects a console error takes exactly
 * that line out of `problems` itself (`expectProblems`).
 */
export const test = base.extend<Fixtures, WorkerFixtures>({
  workerServers: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use) => {
      const servers = new WorkerServers();
      await use(servers);
      await servers.stopAll();
    },
    { scope: "worker" },
  ],
  serversOfThisFile: [
    async ({ workerServers }, use, testInfo) => {
      await workerServers.enter(testInfo.file);
      await use(undefined);
    },
    { auto: true },
  ],
  // Playwright's own `screenshot: "only-on-failure"` takes a screenshot of every page of every
  // context as the context closes, passed or not (it cannot know yet), and throws it away when the
  // test passes: a screenshot a test, about a third of a second of the browser's CPU each
  // (2026-12-03, the useless-button, storage and shell specs on one worker, interleaved: 94.0 and
  // 96.2 s of CPU with it, 78.3 and 81.2 without; docs/testing.md). This takes them
  // only once the test has failed. Set up before the other guards, so it is torn down after them
  // and sees their failures too; it holds the test's context, so its pages are still open.
  failureScreenshots: [
    async ({ context, browser }, use, testInfo) => {
      await use(undefined);
      if (testInfo.status === testInfo.expectedStatus) return;
      const contexts = new Set([context, ...browser.contexts()]);
      let taken = 0;
      for (const made of contexts) {
        for (const open of made.pages()) {
          // As Playwright names them, so a failure's report points at the files.
          const path = testInfo.outputPath(`test-failed-${taken + 1}.png`);
          const shot = await open.screenshot({ path, timeout: 5_000 }).catch(() => undefined);
          if (shot) await testInfo.attach(`screenshot ${++taken}`, { path, contentType: "image/png" });
        }
      }
    },
    { auto: true },
  ],
  problems: [
    async ({ page, context, browser, baseURL }, use) => {
      const problems: string[] = [];
      const origin = new URL(baseURL ?? "http://localhost").origin;
      const watched = new WeakSet<Page>();
      const watchPage = (watchedPage: Page) => {
        if (watched.has(watchedPage)) return;
        watched.add(watchedPage);
        watchedPage.on("console", (message) => {
          if (message.type() === "error" || (message.type() === "warning" && /hydrat/i.test(message.text()))) {
            problems.push(problemLine(message, origin));
          }
        });
        watchedPage.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
      };
      const watchContext = (made: BrowserContext) => {
        made.on("page", watchPage);
        for (const open of made.pages()) watchPage(open);
      };
      watchContext(context);
      watchPage(page);
      // The browser is the worker's, shared by its tests one after another: only this test's contexts.
      browser.on("context", watchContext);
      try {
        await use(problems);
      } finally {
        browser.off("context", watchContext);
      }
      expect(problems, "console errors or uncaught errors").toEqual([]);
    },
    { auto: true },
  ],
  offsite: [
    async ({ context, browser, baseURL }, use) => {
      const offsite: string[] = [];
      const elsewhere = (site: string | undefined) => {
        const origin = new URL(site ?? "http://localhost").origin;
        return (url: URL) => url.origin !== origin && url.protocol.startsWith("http");
      };
      /** Notes every request of any page of `made` (pop-ups and service workers too) to another origin than `site`'s. */
      const watch = (made: BrowserContext, site: string | undefined) => {
        const isElsewhere = elsewhere(site);
        made.on("request", (request) => {
          if (isElsewhere(new URL(request.url()))) offsite.push(request.url());
        });
      };
      // None reaches another site: the browser resolves no name but localhost (e2e/chromium-args.ts).
      // The test's own context: its default page, every page opened in it, its pop-ups ...
      watch(context, baseURL);
      // ... and every context the test makes (another visitor, a fleet's page: `browser.newContext()`
      // and `browser.newPage()`, which makes one), watched before the test has it, for its own site.
      const newContext = browser.newContext;
      browser.newContext = async (options) => {
        const made = await newContext.call(browser, options);
        watch(made, options?.baseURL ?? baseURL);
        return made;
      };
      try {
        await use(offsite);
      } finally {
        browser.newContext = newContext;
      }
      expect(offsite, "requests that left the site's origin").toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * Takes the lines a test expects out of `problems`, each exactly and once per time it is listed,
 * once they have come (a console line reaches the test a moment after the page wrote it), and
 * fails if one never does: what else the pages logged stays for the fixture to fail on. Each
 * expected line is one the test causes on purpose: the browser's report of a 404 the test serves or
 * a request it aborts, or a console line the product names (the Toilet Flush's "Audio play failed").
 */
export async function expectProblems(problems: string[], expected: string[]): Promise<void> {
  const missing = () => {
    const left = [...problems];
    return expected.filter((line) => {
      const at = left.indexOf(line);
      if (at >= 0) left.splice(at, 1);
      return at < 0;
    });
  };
  await expect.poll(missing, { message: "console lines the test expects, never logged" }).toEqual([]);
  for (const line of expected) problems.splice(problems.indexOf(line), 1);
}

/**
 * As expectProblems, for lines known by how they are made rather than by all their text (a stack
 * trace follows, or the build's hashes are in it): each pattern takes exactly one line, and must.
 */
export async function expectProblemsLike(problems: string[], expected: RegExp[]): Promise<void> {
  /** The lines the patterns take, one each in order, or null while one has none to take. */
  const taken = () => {
    const left = [...problems];
    const lines: string[] = [];
    for (const pattern of expected) {
      const at = left.findIndex((line) => pattern.test(line));
      if (at < 0) return null;
      lines.push(...left.splice(at, 1));
    }
    return lines;
  };
  await expect
    .poll(() => taken() !== null, { message: `console lines like ${expected.join(", ")}, never logged` })
    .toBe(true);
  for (const line of taken() ?? []) problems.splice(problems.indexOf(line), 1);
}

/**
 * The console line Chromium writes when a request to `where` (a path on the test's own server, a
 * whole address on another) is answered with an HTTP error (`status` as it words it).
 */
export const httpErrorLine = (where: string, status = "404 (Not Found)") =>
  `console.error: Failed to load resource: the server responded with a status of ${status} (${where})`;

/** The console line Chromium writes when a request to `where` fails with `error` (`net::ERR_…`). */
export const networkErrorLine = (where: string, error: string) =>
  `console.error: Failed to load resource: ${error} (${where})`;

/**
 * Takes every line `allowed` names out of `problems`, however many there are (none too): for lines
 * whose number depends on timing, never for a line a test can count.
 */
export function allowProblems(problems: string[], allowed: (line: string) => boolean): void {
  problems.splice(0, problems.length, ...problems.filter((line) => !allowed(line)));
}

/**
 * The lines Chromium writes for each try a page makes while the server at `origin` (not the test's
 * own) is down, killed and not yet back: its channel refused (whatever topics and tokens its
 * address carries), or reset when the kill came while its handshake was under way (the kernel
 * resets a connection the dead process had not answered), its HTTP questions to `paths` refused,
 * and the chunks of other pages it fetches ahead when idle (on a busy machine that idle time can
 * fall while the server is down: the chunk is fetched again when it is needed). How many depends on
 * how long the restart takes and on the page's (random) retry times.
 */
export function refusedWhileDown(origin: string, paths: string[]): (line: string) => boolean {
  const channel = `console.error: WebSocket connection to '${origin.replace(/^http/, "ws")}/api/live?`;
  const endings = [
    "' failed: Error in connection establishment: net::ERR_CONNECTION_REFUSED",
    "' failed: Error during WebSocket handshake: net::ERR_CONNECTION_RESET",
  ];
  const questions = new Set(paths.map((path) => networkErrorLine(`${origin}${path}`, "net::ERR_CONNECTION_REFUSED")));
  const chunk = new RegExp(
    `^console\\.error: Failed to load resource: net::ERR_CONNECTION_REFUSED \\(${origin.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/assets/[\\w-]+\\.js\\)$`,
  );
  return (line) =>
    questions.has(line) ||
    chunk.test(line) ||
    endings.some(
      (ending) =>
        line.startsWith(channel) && line.endsWith(ending) && !line.slice(channel.length, -ending.length).includes("'"),
    );
}
