/**
 * What the bootstrap (bootstrap.ts) is given and its settings. scripts/build/html.ts puts this file
 * in front of the bootstrap in every page's module script; it imports nothing. The constants are
 * exported for tests and the kit, not for the page (html.ts drops their `export`, so the minifier
 * writes their values where they are used).
 */

export interface BootPlan {
  /** Every module the page needs before it is interactive, for `modulepreload`. */
  preload: readonly string[];
  /** What every module below imports (the shell), evaluated first, in a task of its own. */
  first: readonly string[];
  /** The modules React Router's own script imported, in order, with the route id of each route module. */
  modules: readonly { url: string; routeId?: string }[];
  /** React Router's client entry, imported once the route modules are in place. */
  entry: string;
}

/** The session storage key and history state field that remember the last reload. */
export const RELOADED_KEY = "pointless:reloaded-at";

/** A page that failed to load reloads itself at most once in this long. */
export const RELOAD_AT_MOST_EVERY_MS = 60_000;

/**
 * The longest wait after the first frame for the paint entry (the frame on screen) before loading.
 * In Lighthouse's unthrottled loads the entry came first (the scripts started 11-25 ms after the
 * paint it observed, 20 runs); on a slow phone it comes 140-230 ms late, and this bounds the wait.
 */
export const AFTER_FRAME_MS = 50;

/**
 * The mark the bootstrap leaves when it starts the scripts, its detail what started them ("paint":
 * the paint entry; "frame": AFTER_FRAME_MS after the first frame, the entry late; "timeout").
 */
export const SCRIPTS_MARK = "pointless:scripts";

/** The longest wait for the first paint before loading anyway (a tab opened in the background). */
export const PAINT_TIMEOUT_MS = 1000;

/** How often a failed load is tried again before the page reloads. */
export const RETRIES = 2;

/** The session storage key that remembers where a page that was reloading was going. */
export const GOING_KEY = "pointless:going-to";

/** A reload this long after the page went away is not the one React Router asked for. */
export const GOING_FOR_MS = 30_000;

/** The longest a client navigation waits for the site's whole stylesheet. */
export const STYLES_GIVE_UP_MS = 10_000;
