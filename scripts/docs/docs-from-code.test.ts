import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { DOC_BLOCKS } from "./doc-blocks.ts";

/** What lies between a block's markers in its file. */
function committed(file: string, name: string): string {
  const text = readFileSync(file, "utf8");
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  expect(from, `${file} has the ${name} markers`).toBeGreaterThanOrEqual(0);
  expect(to).toBeGreaterThan(from);
  return text.slice(from + start.length, to).trim();
}

it.each(DOC_BLOCKS)("$file's $name table is what the code says (npm run docs writes it)", ({ file, name, make }) => {
  expect(committed(file, name)).toBe(make().trim());
});
