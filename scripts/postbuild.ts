// After `react-router build`: rewrite the pre-rendered HTML for a fast first paint, then
// precompress everything. Runs under the project's Node 24 (TypeScript type stripping).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { precompress } from "./build/compress.ts";
import { walk } from "./build/files.ts";
import { transformHtml } from "./build/html.ts";

const DIR = "build/client";

const pages = walk(DIR).filter((file) => file.endsWith(".html"));
for (const file of pages) {
  const html = readFileSync(file, "utf8");
  writeFileSync(
    file,
    transformHtml(html, (href) => readFileSync(join(DIR, href), "utf8")),
  );
}
const compressed = precompress(DIR);
console.log(`postbuild: rewrote ${pages.length} pages, precompressed ${compressed} files`);
