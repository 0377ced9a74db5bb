import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** Every file under a folder, recursively. */
export function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}
