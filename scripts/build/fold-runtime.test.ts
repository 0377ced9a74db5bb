import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { foldRuntime } from "./fold-runtime.ts";

/**
 * A bundle shaped as rolldown writes this site's (minified names that clash across chunks, the
 * runtime imported under other names, a manifest and a preload list naming it), folded, then run
 * by Node: what the chunks compute must not change.
 */
const RUNTIME = "rolldown-runtime-Ab1_-x.js";
const SHELL = "shell-Zz9.js";
const FILES: Record<string, string> = {
  [RUNTIME]:
    "var e=Object.defineProperty,t=(t,n)=>()=>(n||t((n={exports:{}}).exports,n),n.exports),n=(t)=>({default:t,tag:e.name});export{n as r,t};\n",
  [SHELL]: `const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/lazy-1.js","assets/${RUNTIME}"])))=>i.map(i=>d[i]);\nimport{r as e,t}from"./${RUNTIME}";var n=t((e,t)=>{t.exports={answer:42}}),r=()=>n().answer,a=()=>__vite__mapDeps([1]);export{e as i,r as n,a as o};\n`,
  "route-1.js": `import{r as e}from"./${RUNTIME}";import{n as t}from"./${SHELL}";var n=e(t());export{n as result};\n`,
  "route-2.js": `import{r as t,t as e}from"./${RUNTIME}";var n=e((e,t)=>{t.exports=7}),r=t(n());export{r as seven};\n`,
  "manifest-1.js": `window.m={"entry":{"imports":["/assets/${RUNTIME}","/assets/${SHELL}"]},"one":{"imports":["/assets/${SHELL}","/assets/${RUNTIME}"]}};\n`,
};

let dir = "";
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = "";
});

function bundle(files: Record<string, string>): string {
  dir = mkdtempSync(join(tmpdir(), "fold-runtime-"));
  writeFileSync(join(dir, "package.json"), '{"type":"module"}');
  for (const [name, code] of Object.entries(files)) writeFileSync(join(dir, name), code);
  return dir;
}

const load = (file: string) => import(`${pathToFileURL(join(dir, file)).href}?${Math.random()}`);

describe("folding the bundler's runtime into the shell", () => {
  it("drops a chunk's bare import of the runtime when it imports the shell, and names the shell otherwise", async () => {
    const assets = bundle({
      ...FILES,
      "entry-1.js": `import"./${RUNTIME}";import{n as t}from"./${SHELL}";var n=t();export{n as answer};\n`,
      "entry-2.js": `import"./${RUNTIME}";export const alone=1;\n`,
    });
    foldRuntime(assets);
    expect(readFileSync(join(assets, "entry-1.js"), "utf8")).toBe(
      `import{n as t}from"./${SHELL}";var n=t();export{n as answer};\n`,
    );
    expect(readFileSync(join(assets, "entry-2.js"), "utf8")).toBe(`import"./${SHELL}";export const alone=1;\n`);
    expect((await load("entry-1.js")).answer).toBe(42);
  });

  it("leaves chunks that compute what they did, with no file naming the runtime", async () => {
    const assets = bundle(FILES);
    expect(foldRuntime(assets)).toBe(RUNTIME);

    expect(existsSync(join(assets, RUNTIME))).toBe(false);
    for (const file of readdirSync(assets)) expect(readFileSync(join(assets, file), "utf8")).not.toContain(RUNTIME);

    // One import from the shell where a chunk had one from each.
    expect(readFileSync(join(assets, "route-1.js"), "utf8").split(`from"./${SHELL}"`)).toHaveLength(2);
    expect(readFileSync(join(assets, "route-2.js"), "utf8")).toMatch(
      /^import\{__rt_r as t,__rt_t as e\}from"\.\/shell-Zz9\.js";/,
    );
    const route1 = await load("route-1.js");
    expect(route1.result).toMatchObject({ default: 42, tag: "defineProperty" });
    expect((await load("route-2.js")).seven.default).toBe(7);
    const shell = await load(SHELL);
    expect(shell.n()).toBe(42);
    // The preload list keeps its places: the runtime's is the shell's now.
    expect(shell.o()).toEqual([`assets/${SHELL}`]);
    expect(readFileSync(join(assets, "manifest-1.js"), "utf8")).toContain(
      `{"entry":{"imports":["/assets/${SHELL}"]},"one":{"imports":["/assets/${SHELL}"]}}`,
    );
  });

  it("does nothing to a build without a runtime chunk", () => {
    const { [RUNTIME]: _, ...rest } = FILES;
    const assets = bundle({ ...rest, [SHELL]: "var n=1;export{n};\n" });
    expect(foldRuntime(assets)).toBeNull();
    expect(readFileSync(join(assets, SHELL), "utf8")).toBe("var n=1;export{n};\n");
  });

  it("fails the build when the shell imports anything besides the runtime (it could run before the helpers)", () => {
    const assets = bundle({ ...FILES, [SHELL]: `import"./route-2.js";${FILES[SHELL]}` });
    expect(() => foldRuntime(assets)).toThrow(/import the runtime once and nothing else/);
  });

  it("fails the build when a chunk imports a helper the runtime does not have", () => {
    const assets = bundle({ ...FILES, "route-3.js": `import{x as e}from"./${RUNTIME}";export{e};\n` });
    expect(() => foldRuntime(assets)).toThrow(/exports no x/);
  });
});
