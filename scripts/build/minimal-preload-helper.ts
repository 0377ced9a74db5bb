import type { Plugin } from "vite";

/** The module Vite imports its preload helper from (vite/src/node/plugins/importAnalysisBuild.ts). */
export const PRELOAD_HELPER_ID = "\0vite/preload-helper.js";

/**
 * Vite wraps every dynamic import in `__vitePreload(() => import(x), deps)`, a helper (~0.8 KB gz)
 * that adds <link rel=modulepreload> for the chunk's dependencies and loads its CSS. This site has
 * no per-chunk CSS (one stylesheet, inlined), and the bootstrap preloads every first-load chunk at
 * once, so the helper is dead weight in the first load of every page. This plugin answers Vite's
 * request for the helper's module with `(load) => load()`, before Vite's own plugin does, so the
 * helper can sit in any chunk. The build fails loudly if Vite's helper shows up anyway.
 */
export function minimalPreloadHelper(): Plugin {
  return {
    name: "pointless:minimal-preload-helper",
    apply: "build",
    load(id) {
      if (id === PRELOAD_HELPER_ID) return "export const __vitePreload = (load) => load();";
      return null;
    },
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === "chunk" && chunk.code.includes("meta[property=csp-nonce]")) {
          throw new Error(`minimal-preload-helper: Vite's own preload helper is in ${chunk.fileName}`);
        }
      }
    },
  };
}
