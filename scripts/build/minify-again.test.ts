import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, expect, it } from "vitest";
import { minifyAgain } from "./minify-again.ts";

let dir = "";
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it("makes a chunk smaller and keeps what it computes, its exports' names included", async () => {
  dir = mkdtempSync(join(tmpdir(), "minify-again-"));
  writeFileSync(join(dir, "package.json"), '{"type":"module"}');
  // As a one-pass minifier leaves code: a constant only one function reads, a branch it decides.
  const chunk = "var e=2,t=function(t){if(e>1){return t*e}else{return 0}},n=t(21);export{n as answer,t as double};\n";
  writeFileSync(join(dir, "chunk.js"), chunk);
  // Already as small as it gets: left as it was.
  writeFileSync(join(dir, "tiny.js"), "export{};");

  const saved = await minifyAgain(dir);

  const after = readFileSync(join(dir, "chunk.js"), "utf8");
  expect(after.length).toBeLessThan(chunk.length);
  expect(saved).toBe(chunk.length - after.length);
  expect(readFileSync(join(dir, "tiny.js"), "utf8")).toBe("export{};");
  const module = await import(pathToFileURL(join(dir, "chunk.js")).href);
  expect(module.answer).toBe(42);
  expect(module.double(5)).toBe(10);
});
