import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { minimalPreloadHelper } from "./scripts/build/minimal-preload-helper.ts";
import { siteMapModule } from "./scripts/build/site-map-module.ts";
import { siteOrigin } from "./scripts/build/site-origin.ts";
import { stacklessReactSentinels } from "./scripts/build/stackless-react-sentinels.ts";

/** React, React DOM and React Router, and the bundler's own runtime helpers. */
const FRAMEWORK = /node_modules\/(react|react-dom|scheduler|react-router)\/|rolldown\/runtime/;
const KIT = /\/app\/kit\//;
/**
 * Kit modules not every page needs: those loaded on first use (a toast, a sound, an error page, the
 * time-wasted clock) and those only some pages use (sharing a result, haptics, the time-wasted line,
 * the live channel and what a live page keeps: the Useless Button's and the shared toys'). They
 * travel with the pages that use them. Two small live modules every live page needs as it starts
 * (a request with a deadline, and following a topic once the page is live: about 0.6 KB) are the
 * shell's: with them in a chunk of their own, a shared toy's page paid one more request (0.4 KB of
 * headers) than the Useless Button, and with them beside the shared toys' code, the Useless Button
 * loaded what only those use; either way a page went over its budget once two shared toys shared it.
 */
const LAZY_KIT =
  /\/app\/kit\/(ui\/(toast\/toast-view|share-button)|sound\/engine|shell\/(page-error|not-found|time-wasted-note)|lib\/(share|haptics|time-wasted|time-tracker)|live\/(?!request\.|follow-later\.)[\w-]+)\./;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), siteMapModule(), minimalPreloadHelper(), stacklessReactSentinels()],
  define: {
    __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
    __SITE_ORIGIN__: JSON.stringify(siteOrigin()),
  },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  // Everything every page needs to hydrate travels as one chunk: React, React DOM,
                  // React Router and the kit. With the page's route module, the root, React
                  // Router's manifest and its entry, that is five requests a page, all fetched at
                  // once after the first paint (scripts/build/html.ts): one round trip, where a
                  // dozen small chunks queued behind the browser's six connections per host and
                  // each carried its own headers. Lazy kit modules keep their own chunks.
                  name: "shell",
                  test: (id: string) => FRAMEWORK.test(id) || (KIT.test(id) && !LAZY_KIT.test(id)),
                },
                {
                  // The Useless Button's counter as it starts (retry pauses, the lock that lets one
                  // tab send for all), shared with the channel, which is fetched once a page is live
                  // (app/kit/live/follow-later.ts).
                  name: "live",
                  test: /\/app\/kit\/live\/(retry|locks)\./,
                },
                {
                  // What every shared toy's page needs as it starts (its state for React, what it
                  // says about its connection, the outbox): one small chunk they share, not one
                  // request each, and none of it on the Useless Button.
                  name: "live-toys",
                  test: /\/app\/kit\/live\/(outbox|live-store|connection)\./,
                },
                {
                  // The blog list and its articles share their data: one chunk, not two.
                  name: "blog-data",
                  test: /\/app\/pages\/blog\/(toy|articles|slugs)\./,
                },
              ],
            },
          },
        },
      },
    },
  },
});
