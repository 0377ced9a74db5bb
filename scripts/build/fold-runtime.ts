import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { staticImports } from "./chunk-graph.ts";

/**
 * Rolldown emits its runtime helpers (the CommonJS wrapper and interop React needs, about 380 bytes
 * brotli) as a chunk of their own, which every page loads: a request more, and about 400 bytes of
 * headers to fetch 380 of code (issue 46). The shell cannot claim it: the runtime module never
 * reaches a code-splitting group's test (checked with rolldown 1.2.19; 1.3.2 emits it too).
 *
 * After the build this folds the runtime into the shell, the one chunk every page loads first:
 * - the shell, which imported the helpers, defines them in that place (inside a function, so their
 *   names cannot meet the shell's) and exports them under names of their own (`__rt_<name>`);
 * - every other chunk imports them from the shell, which it imports anyway;
 * - React Router's manifest stops listing the runtime among each route's imports, and the chunks'
 *   preload lists (unused: minimal-preload-helper.ts) name the shell in its place;
 * - the runtime's file is removed, and the build fails if anything still names it.
 *
 * The shell imports nothing but the runtime, so nothing can run before the helpers are defined.
 * Returns the runtime's file name, or null when the build has none.
 */
export function foldRuntime(assetsDir: string): string | null {
  const files = readdirSync(assetsDir).filter((file) => file.endsWith(".js"));
  const runtime = files.find((file) => /^rolldown-runtime-[\w-]+\.js$/.test(file));
  if (!runtime) return null;
  // The chunk every page evaluates first, which imports the runtime and nothing else: React DOM's
  // where it has a chunk of its own (vite.config.ts), else the shell.
  const shell = only(
    files.filter((file) => /^react-dom-[\w-]+\.js$/.test(file)).length
      ? files.filter((file) => /^react-dom-[\w-]+\.js$/.test(file))
      : files.filter((file) => /^shell-[\w-]+\.js$/.test(file)),
    "shell chunk",
  );
  const read = (file: string) => readFileSync(join(assetsDir, file), "utf8");

  const helpers = runtimeExports(read(runtime));
  const importFromRuntime = new RegExp(`import\\{([^}]*)\\}from"\\./${escapeRegExp(runtime)}";?`, "g");

  const shellCode = read(shell);
  if (shellCode.includes("__rt_")) throw new Error(`fold-runtime: ${shell} already uses the name __rt_`);
  const shellImports = [...shellCode.matchAll(importFromRuntime)];
  if (shellImports.length !== 1 || staticImports(shellCode, shell).join() !== runtime) {
    throw new Error(`fold-runtime: ${shell} must import the runtime once and nothing else`);
  }
  // const{r:__rt_r,...}=(()=>{<the runtime's code>;return{r:l,...}})(),e=__rt_r,...;
  const { names, local } = helpers;
  const own = names.map((name) => `${name}:__rt_${name}`).join(",");
  const made = names.map((name) => `${name}:${local.get(name)}`).join(",");
  const shellBindings = imported(shellImports[0]?.[1] ?? "", names)
    .map(({ name, as }) => `,${as}=__rt_${name}`)
    .join("");
  const defined = `const{${own}}=(()=>{${helpers.body};return{${made}}})()${shellBindings};`;
  const exported = `\nexport{${helpers.names.map((name) => `__rt_${name}`).join(",")}};`;

  for (const file of files) {
    if (file === runtime) continue;
    const code = read(file);
    if (!code.includes(runtime)) continue;
    const next: string = (
      file === shell
        ? code.replace(importFromRuntime, () => defined) + exported
        : fromShell(withoutBareImport(code, runtime, shell), shell, importFromRuntime, names)
    )
      // React Router's manifest: each route's imports list.
      .replaceAll(`"/assets/${runtime}",`, "")
      .replaceAll(`,"/assets/${runtime}"`, "")
      // Vite's preload lists (`__vite__mapDeps`), indexed: the shell keeps the place.
      .replaceAll(`"assets/${runtime}"`, `"assets/${shell}"`);
    if (next.includes(runtime)) throw new Error(`fold-runtime: ${file} still names ${runtime}`);
    writeFileSync(join(assetsDir, file), next);
  }
  rmSync(join(assetsDir, runtime));
  if (existsSync(join(assetsDir, `${runtime}.map`))) rmSync(join(assetsDir, `${runtime}.map`));
  return runtime;
}

function only(found: string[], what: string): string {
  if (found.length !== 1) throw new Error(`fold-runtime: expected one ${what}, found ${found.length}`);
  return found[0] as string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The runtime chunk's code without its export statement, and what it exports under which name. */
function runtimeExports(code: string): { body: string; names: string[]; local: Map<string, string> } {
  const found = code.match(/^([\s\S]*?)export\s*\{([^}]*)\};?\s*(?:\/\/# sourceMappingURL=\S+\s*)?$/);
  if (!found || staticImports(found[1] as string, "").length > 0 || /\bimport\(/.test(found[1] as string)) {
    throw new Error("fold-runtime: the runtime chunk is not one export statement after code that imports nothing");
  }
  const local = new Map<string, string>();
  for (const specifier of splitSpecifiers(found[2] as string)) local.set(specifier.exported, specifier.local);
  return { body: (found[1] as string).replace(/;?\s*$/, ""), names: [...local.keys()], local };
}

/** `a as b,c` as [{ local: "a", exported: "b" }, { local: "c", exported: "c" }]. */
function splitSpecifiers(list: string): { local: string; exported: string }[] {
  return list
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [local, exported = local] = part.split(/\s+as\s+/) as [string, string?];
      return { local, exported };
    });
}

/** What an import of the runtime binds (`r as e,t`): names of the runtime (`r`) and local bindings (`e`). */
function imported(specifiers: string, names: readonly string[]): { name: string; as: string }[] {
  return splitSpecifiers(specifiers).map(({ local: name, exported: as }) => {
    if (!names.includes(name)) throw new Error(`fold-runtime: the runtime exports no ${name}`);
    return { name, as };
  });
}

/**
 * A chunk's import of the runtime as an import from the shell: joined to the chunk's import from
 * the shell when it has one (about 40 bytes a chunk), in its place otherwise.
 */
function fromShell(code: string, shell: string, importFromRuntime: RegExp, names: readonly string[]): string {
  const found = [...code.matchAll(importFromRuntime)];
  if (found.length === 0) return code;
  const helpers = found.map((match) => reimport(match[1] as string, names)).join(",");
  const importFromShell = new RegExp(`import\\{([^}]*)\\}from"\\./${escapeRegExp(shell)}";?`);
  const at = found[0]?.index ?? 0;
  const rest = code.slice(0, at) + code.slice(at).replace(importFromRuntime, "");
  if (importFromShell.test(rest)) {
    return rest.replace(
      importFromShell,
      (_, specifiers: string) => `import{${specifiers},${helpers}}from"./${shell}";`,
    );
  }
  return `${rest.slice(0, at)}import{${helpers}}from"./${shell}";${rest.slice(at)}`;
}

/**
 * A chunk's bare import of the runtime (`import"./rolldown-runtime-….js";`, which Rolldown writes
 * for a chunk that runs the shell's modules without naming a helper): gone when the chunk imports
 * the shell anyway, which defines the helpers before anything of it runs, the shell in its place
 * otherwise.
 */
function withoutBareImport(code: string, runtime: string, shell: string): string {
  const bare = new RegExp(`import"\\./${escapeRegExp(runtime)}";?`, "g");
  if (!bare.test(code)) return code;
  return code.replace(bare, new RegExp(`from"\\./${escapeRegExp(shell)}"`).test(code) ? "" : `import"./${shell}";`);
}

/** Another chunk's import of the runtime, from the shell. */
const reimport = (specifiers: string, names: readonly string[]) =>
  imported(specifiers, names)
    .map(({ name, as }) => `__rt_${name} as ${as}`)
    .join(",");
