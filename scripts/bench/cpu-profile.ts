// Reads a V8 CPU profile (`node --cpu-prof`'s .cpuprofile) and sums the time spent in each function
// itself (self time) and in it with what it called (total time), for the capacity bench's profiling
// notes: what the server spends its core on, by function, from the profile alone.
import { readFileSync } from "node:fs";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface FunctionTime {
  name: string;
  /** ms spent in the function itself, and with its callees. */
  self: number;
  total: number;
}

const nameOf = ({ callFrame: { functionName, url, lineNumber } }: ProfileNode) =>
  `${functionName || "(anonymous)"} ${url.replace(/^.*\/(node_modules\/|wt-[a-z]+\/)/, "")}:${lineNumber + 1}`;

export function profileTimes(path: string): { functions: FunctionTime[]; totalMs: number } {
  const profile = JSON.parse(readFileSync(path, "utf8")) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let totalMs = 0;
  profile.samples.forEach((id, k) => {
    const ms = (profile.timeDeltas[k] ?? 0) / 1000;
    totalMs += ms;
    const node = byId.get(id);
    if (!node) return;
    self.set(nameOf(node), (self.get(nameOf(node)) ?? 0) + ms);
    // Each function on the stack once, however deep it recursed.
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = nameOf(byId.get(at) as ProfileNode);
      if (seen.has(name)) continue;
      seen.add(name);
      total.set(name, (total.get(name) ?? 0) + ms);
    }
  });
  const functions = [...total.keys()].map((name) => ({ name, self: self.get(name) ?? 0, total: total.get(name) ?? 0 }));
  return { functions, totalMs };
}

// `node scripts/bench/cpu-profile.ts file.cpuprofile [n]`: the top n functions by self time, then by total.
if (import.meta.main) {
  const [path, n = "30"] = process.argv.slice(2);
  const { functions, totalMs } = profileTimes(path as string);
  const pct = (ms: number) => `${((ms / totalMs) * 100).toFixed(1)}%`.padStart(6);
  console.log(`${(totalMs / 1000).toFixed(1)} s sampled\nself time:`);
  for (const f of [...functions].sort((a, b) => b.self - a.self).slice(0, Number(n))) console.log(pct(f.self), f.name);
  console.log("total time:");
  for (const f of [...functions].sort((a, b) => b.total - a.total).slice(0, Number(n)))
    console.log(pct(f.total), f.name);
}
