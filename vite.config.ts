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
 * the device id of the shared toys that count per device, the live channel and its outbox, which
 * only the Useless Button and the shared toys use). They travel with the pages that use them.
 */
const LAZY_KIT =
  /\/app\/kit\/(ui\/(toast\/toast-view|share-button)|sound\/engine|shell\/(page-error|not-found|time-wasted-note)|lib\/(share|haptics|time-wasted|time-tracker|device-id)|live\/[\w-]+)\./;

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
                  // What every live page (the Useless Button, the shared toys) needs as it starts:
                  // requests with deadlines, retry pauses, following a topic, and the shared toys'
                  // words for their connection and their store for React. One small chunk they
                  // share, not one request each: a module two pages share outside it would cost
                  // each of them a request of its own. The channel and its topics are fetched once
                  // the page is live (app/kit/live/follow-later.ts). What one page alone uses
                  // (Web Locks, the Useless Button's; the outbox, the bubble sheet's) travels with it.
                  name: "live",
                  test: /\/app\/kit\/live\/(request|retry|follow-later|connection|live-store)\./,
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
