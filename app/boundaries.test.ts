import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The rules of the house for imports (design.md): a toy or page imports only the kit, the contracts
 * with the server and its own folder, never another toy; the kit never imports a toy or a page;
 * nothing imports the server; the contracts import nothing. The registry is the one file allowed to
 * know every folder.
 */
const APP = import.meta.dirname;
const CONTRACTS = resolve(APP, "..", "contracts");
const REGISTRY = join(APP, "toys", "registry.ts");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/** Relative import specifiers of a file, resolved to absolute paths. */
function relativeImports(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)["'](\.[^"']+)["']/g)];
  return specifiers.map((m) => resolve(dirname(file), m[1] as string));
}

const inside = (path: string, dir: string) => path === dir || path.startsWith(dir + sep);

describe("import boundaries", () => {
  const kit = join(APP, "kit");
  const owners = ["toys", "pages"].flatMap((group) =>
    readdirSync(join(APP, group))
      .map((name) => join(APP, group, name))
      .filter((path) => statSync(path).isDirectory()),
  );

  it("finds the folders it guards", () => {
    expect(owners.length).toBeGreaterThan(0);
    expect(sourceFiles(kit).length).toBeGreaterThan(0);
  });

  it("a toy or page imports only the kit and its own folder", () => {
    const offences: string[] = [];
    for (const folder of owners) {
      for (const file of sourceFiles(folder)) {
        for (const target of relativeImports(file)) {
          if (!inside(target, folder) && !inside(target, kit) && !inside(target, CONTRACTS)) {
            offences.push(`${relative(APP, file)} imports ${relative(APP, target)}`);
          }
        }
      }
    }
    expect(offences).toEqual([]);
  });

  it("the kit never imports a toy, a page or the app root", () => {
    const offences: string[] = [];
    for (const file of sourceFiles(kit)) {
      for (const target of relativeImports(file)) {
        if (!inside(target, kit) && !inside(target, CONTRACTS))
          offences.push(`${relative(APP, file)} imports ${relative(APP, target)}`);
      }
    }
    expect(offences).toEqual([]);
  });

  it("nothing in app/ imports the server: the site works from any static host", () => {
    const server = resolve(APP, "..", "server");
    const offences = sourceFiles(APP).flatMap((file) =>
      relativeImports(file)
        .filter((target) => inside(target, server))
        .map((target) => `${relative(APP, file)} imports ${relative(APP, target)}`),
    );
    expect(offences).toEqual([]);
  });

  it("the contracts between the page and the server import nothing", () => {
    const files = sourceFiles(CONTRACTS).filter((file) => !file.endsWith(".test.ts"));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(relativeImports(file), relative(APP, file)).toEqual([]);
  });

  it("the registry only imports toy.ts files and the kit", () => {
    for (const target of relativeImports(REGISTRY)) {
      const ok = inside(target, kit) || /[/\\]toy$/.test(target);
      expect(ok, relative(APP, target)).toBe(true);
    }
  });
});
