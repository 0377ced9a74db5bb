import { type Plugin, runnerImport } from "vite";

/** Imports a project file at build time (through Vite, TypeScript and all) and watches what it read. */
export type BuildTimeImport = <T>(file: string) => Promise<T>;

/**
 * Serves `id` as a module made at build time from what project files export: data written into
 * the chunk of each page that imports it. A module two pages' chunks import in place of it would be
 * a chunk of its own, a request more on their first load (issue 46). `make` gets an importer and
 * whether the module is for the server (pre-rendering, the dev server) or the browser.
 */
export function buildTimeModule(id: string, make: (load: BuildTimeImport, ssr: boolean) => Promise<string>): Plugin {
  const resolved = `\0${id}`;
  return {
    name: `pointless:${id}`,
    resolveId(source) {
      return source === id ? resolved : null;
    },
    load(loading, options) {
      if (loading !== resolved) return null;
      const load: BuildTimeImport = async (file) => {
        const { module, dependencies } = await runnerImport<never>(file, { configFile: false });
        for (const dependency of dependencies) this.addWatchFile(dependency);
        return module;
      };
      return make(load, options?.ssr === true);
    },
  };
}
