import { CHROMIUM_ARGS } from "../scripts/chromium.mjs";

/**
 * The browser tests' Chromium: the quiet flags, and no name but `localhost` resolves, so a page can
 * reach no other site (the `offsite` fixture, e2e/fixtures.ts, still fails a test whose page asks).
 * Resolved in the browser, with no request interception: intercepting every request of every page
 * (as `page.route` did) cost Chromium's browser process and the test's worker a round trip each, and
 * turned the page's HTTP cache off, which a visitor's browser has on.
 */
export const E2E_CHROMIUM_ARGS = [...CHROMIUM_ARGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost"];
