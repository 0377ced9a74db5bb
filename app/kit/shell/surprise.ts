import type { Random } from "../lib/random";

/** A random toy path for "Surprise me": never the page the visitor is on. */
export function pickSurprise(paths: readonly string[], currentPath: string | null, random: Random): string | undefined {
  const choices = paths.filter((path) => path !== currentPath);
  if (choices.length === 0) return undefined;
  return choices[Math.floor(random() * choices.length)];
}
