import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { addCompileHints, COMPILE_HINT } from "./compile-hints.ts";

it("puts V8's compile hint at the top of React DOM's chunk and the shell, once, and nowhere else", () => {
  const dir = mkdtempSync(join(tmpdir(), "compile-hints-"));
  try {
    const files = {
      "react-dom-Ab1.js": "var a=1;",
      "shell-Zz9.js": "var b=2;",
      "route-x.js": "var c=3;",
      "shell.css": "",
    };
    for (const [name, code] of Object.entries(files)) writeFileSync(join(dir, name), code);
    expect(addCompileHints(dir).sort()).toEqual(["react-dom-Ab1.js", "shell-Zz9.js"]);
    addCompileHints(dir);
    expect(readFileSync(join(dir, "react-dom-Ab1.js"), "utf8")).toBe(`${COMPILE_HINT}var a=1;`);
    expect(readFileSync(join(dir, "shell-Zz9.js"), "utf8")).toBe(`${COMPILE_HINT}var b=2;`);
    expect(readFileSync(join(dir, "route-x.js"), "utf8")).toBe("var c=3;");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
