import type { Plugin } from "vite";

/**
 * Vite wraps every dynamic import in `__vitePreload(() => import(x), deps)`, a helper (~0.8 KB gz)
 * that adds <link rel=modulepreload> for the chunk's dependencies and loads its CSS. This site has
 * no per-chunk CSS (one stylesheet, inlined) and its lazy chunks are small, so the helper is dead
 * weight in the first load of every page. This replaces its body with `(load) => load()`, keeping
 * its export, after the bundle is written. The build fails loudly if the helper's shape changes.
 */
export function minimalPreloadHelper(): Plugin {
  return {
    name: "pointless:minimal-preload-helper",
    apply: "build",
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk" || !chunk.code.includes("meta[property=csp-nonce]")) continue;
        const exported = /export\s*\{\s*(\w+) as (\w+)\s*\}\s*;?\s*$/.exec(chunk.code);
        if (!exported) throw new Error(`minimal-preload-helper: unexpected helper in ${chunk.fileName}`);
        chunk.code = `const ${exported[1]}=e=>e();export{${exported[1]} as ${exported[2]}};\n`;
      }
    },
  };
}
