import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { minimalPreloadHelper } from "./scripts/build/minimal-preload-helper.ts";
import { stacklessReactSentinels } from "./scripts/build/stackless-react-sentinels.ts";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), minimalPreloadHelper(), stacklessReactSentinels()],
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            advancedChunks: {
              // The small kit modules nearly every page uses travel as one chunk: a dozen tiny
              // chunks would each cost a request, gzip overhead and a line in every route's
              // manifest entry (measured: -0.8 KB of first-load JavaScript on the home page).
              groups: [
                {
                  name: "kit",
                  test: /app\/kit\/(lib\/(meta|random|shuffle-bag)|ui\/(toy-page|button)|hooks\/(use-timeouts|use-shuffle-bag))\./,
                },
              ],
            },
          },
        },
      },
    },
  },
});
