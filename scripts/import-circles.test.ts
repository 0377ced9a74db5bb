import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * No import circles anywhere in the project's TypeScript: app/, server/, contracts/, scripts/ and
 * e2e/ (every file tsconfig.json takes in). A circle makes the order modules start in depend on
 * which one was imported first, and two files that can only be read together.
 *
 * The graph is TypeScript's own: `tsc --explainFiles` says, for every file of the program, each
 * import that brought it in ("Imported via ... from file ..."), resolved as the type check
 * resolves it, `import type` and `import()` included. No package of its own: madge and dpdm read
 * imports with TypeScript 5's compiler API, which TypeScript 7 (this project's) no longer has.
 */
const ROOT = join(import.meta.dirname, "..");
const COVERED = ["app/", "server/", "contracts/", "scripts/", "e2e/"];

/** Every import between the project's own files: importer -> the files it imports. */
function importGraph(): Map<string, Set<string>> {
  const tsc = join(dirname(createRequire(import.meta.url).resolve("typescript/package.json")), "bin", "tsc");
  const run = spawnSync(process.execPath, [tsc, "--noEmit", "--noCheck", "--explainFiles"], {
    cwd: ROOT,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`tsc --explainFiles failed (${run.status}):\n${run.stdout}${run.stderr}`);
  const ours = (file: string) => !file.includes("node_modules") && !file.startsWith(".react-router/");
  const graph = new Map<string, Set<string>>();
  let file: string | null = null;
  // A file's path alone on a line, then indented lines saying why it is in the program.
  for (const line of run.stdout.split("\n")) {
    if (line.trim() === "") continue;
    if (!/^\s/.test(line)) {
      file = line.trim();
      continue;
    }
    const importer = /^\s+Imported via (?:"[^"]*"|'[^']*') from file '([^']+)'/.exec(line)?.[1];
    if (!file || !importer || !ours(file) || !ours(importer)) continue;
    if (!graph.has(importer)) graph.set(importer, new Set());
    graph.get(importer)?.add(file);
  }
  return graph;
}

/** The graph's circles: each group of files that import one another, as one import path around it. */
function circlesOf(graph: Map<string, Set<string>>): string[][] {
  // Tarjan's strongly connected components, without recursion (a long chain of imports is deep).
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: [string, Iterator<string>][] = [];
    const visit = (node: string) => {
      index.set(node, next);
      low.set(node, next++);
      stack.push(node);
      onStack.add(node);
      work.push([node, (graph.get(node) ?? new Set<string>()).values()]);
    };
    visit(start);
    while (work.length > 0) {
      const [node, targets] = work.at(-1) as [string, Iterator<string>];
      const step = targets.next();
      if (!step.done) {
        const target = step.value;
        if (!index.has(target)) visit(target);
        else if (onStack.has(target)) low.set(node, Math.min(low.get(node) ?? 0, index.get(target) ?? 0));
        continue;
      }
      work.pop();
      const parent = work.at(-1)?.[0];
      if (parent !== undefined) low.set(parent, Math.min(low.get(parent) ?? 0, low.get(node) ?? 0));
      if (low.get(node) !== index.get(node)) continue;
      const group: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || graph.get(node)?.has(node)) groups.push(group);
    }
  }
  return groups.map((group) => pathAround(graph, new Set(group)));
}

/** One way around a group of files that import one another: a, b, ..., a. */
function pathAround(graph: Map<string, Set<string>>, group: Set<string>): string[] {
  const first = [...group].sort()[0] as string;
  // Breadth first from `first` back to itself, inside the group: the shortest way round.
  const cameFrom = new Map<string, string>();
  const queue = [first];
  while (queue.length > 0) {
    const node = queue.shift() as string;
    for (const target of graph.get(node) ?? []) {
      if (!group.has(target) || cameFrom.has(target)) continue;
      cameFrom.set(target, node);
      if (target === first) queue.length = 0;
      else queue.push(target);
    }
  }
  const between: string[] = [];
  for (let node = cameFrom.get(first); node !== undefined && node !== first; node = cameFrom.get(node)) {
    between.unshift(node);
  }
  return [first, ...between, first];
}

describe("imports", () => {
  const graph = importGraph();

  it("reads the imports of every covered folder", () => {
    const files = [...graph].flatMap(([importer, imported]) => [importer, ...imported]);
    for (const folder of COVERED) {
      expect(new Set(files.filter((file) => file.startsWith(folder))).size, folder).toBeGreaterThan(3);
    }
  });

  it("finds a circle when there is one", () => {
    const made = new Map([
      ["a.ts", new Set(["b.ts"])],
      ["b.ts", new Set(["c.ts"])],
      ["c.ts", new Set(["a.ts", "d.ts"])],
      ["d.ts", new Set<string>()],
    ]);
    expect(circlesOf(made)).toEqual([["a.ts", "b.ts", "c.ts", "a.ts"]]);
    made.get("c.ts")?.delete("a.ts");
    expect(circlesOf(made)).toEqual([]);
  });

  it("go round in no circle", () => {
    expect(circlesOf(graph).map((circle) => circle.join(" -> "))).toEqual([]);
  });
});
