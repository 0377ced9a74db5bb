import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { BUILD_TARGET } from "./scripts/build/browsers.ts";
import { minimalPreloadHelper } from "./scripts/build/minimal-preload-helper.ts";
import { siteMapModule } from "./scripts/build/site-map-module.ts";
import { siteOrigin } from "./scripts/build/site-origin.ts";
import { stacklessReactSentinels } from "./scripts/build/stackless-react-sentinels.ts";
import { wallPaletteModule } from "./scripts/build/wall-palette-module.ts";

/**
 * React, React DOM and React Router. The bundler's runtime helpers never reach a group's test; they
 * join the shell after the build (scripts/build/fold-runtime.ts).
 */
const FRAMEWORK = /node_modules\/(react|react-dom|scheduler|react-router)\//;
const KIT = /\/app\/kit\//;
/**
 * Kit modules not every page needs: those loaded on first use (a toast, a sound, an error page, the
 * time-wasted clock) and those only some pages use (sharing a result, the time-wasted line, the
 * live channel and its outbox, which only the Useless Button and the shared toys use; the
 * generator card of five toys, the mail link of two pages, and hooks two toys use). They travel
 * with the pages that use them: in a page's route chunk when one page uses them, in a chunk of
 * their own otherwise, a request for those pages and about 500 bytes less for every other page
 * (issue 46: what put `/` and the shared sheet within the byte budget). A shared toy's state store (live/live-store, a few hundred bytes)
 * is in the shell, where every shared toy finds it without a request of its own, and so is the
 * buzz of five toys (lib/haptics, about 200 bytes: as a chunk of its own it cost each of them a
 * request, its headers 400 bytes of the 676 it weighed).
 */
const LAZY_KIT =
  /\/app\/kit\/(ui\/(toast\/toast-view|share-button|generator-card|mail-link)|sound\/engine|shell\/(page-error|not-found|time-wasted-note)|lib\/(share|time-wasted|time-tracker|device-id|random-id|capped)|hooks\/(use-ephemeral|use-focus-back|use-throttle)|live\/(?!live-store)[\w-]+)\./;

export default defineConfig({
  plugins: [
    tailwindcss(),
    reactRouter(),
    siteMapModule(),
    wallPaletteModule(),
    minimalPreloadHelper(),
    stacklessReactSentinels(),
  ],
  define: {
    __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
    __SITE_ORIGIN__: JSON.stringify(siteOrigin()),
  },
  environments: {
    client: {
      build: {
        // The supported browsers (scripts/build/browsers.ts; README: Which browsers).
        target: BUILD_TARGET,
        // PROFILE_BUILD=1: readable names in a profile (scripts/postbuild.ts, scripts/bench/task-profile.ts).
        minify: !process.env.PROFILE_BUILD,
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  // React DOM, a third of every page's JavaScript, in a chunk of its own: the
                  // bootstrap evaluates it in a task of its own, before the shell's (issue 55; its
                  // code runs there: app/kit/shell/react-dom-first.ts). Its request costs each page
                  // about 1.3 KB more of a cold load than one shell did.
                  name: "react-dom",
                  test: /node_modules\/(react-dom|scheduler)\/|\/app\/kit\/shell\/react-dom-first\./,
                },
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
                  // What every live page (the Useless Button, the shared toys) needs: requests with
                  // deadlines, retry pauses, the shared toys' state rendered (use-live-state), and
                  // the channel with its topics, what the page says about its connection, the
                  // outbox and its pace. One chunk they share, not one request each. The channel
                  // had a chunk of its own, fetched once the page was live: that second request
                  // cost each live page 880 bytes of a cold load (issue 46), and a shared toy
                  // needs the channel as soon as it is live anyway. Each of these pages lists it
                  // with its route chunk. The id maker (lib/random-id) and the Web Locks (locks)
                  // that several of them use travel here too: a chunk of their own would be a
                  // request more for those pages.
                  name: "live",
                  test: /\/app\/kit\/live\/(request|retry|follow-later|use-live-state|channel|topics|connection|connection-words|server-word|outbox|pacer|locks)\.|\/app\/kit\/lib\/random-id\.|\/contracts\/live\./,
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
