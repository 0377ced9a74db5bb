import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { rewriteSentinels, SENTINEL_CODES } from "./stackless-react-sentinels.ts";

// The file the build transforms (react-dom's exports map does not expose it by name).
const reactDomDir = dirname(createRequire(import.meta.url).resolve("react-dom/package.json"));
const reactDomClient = readFileSync(join(reactDomDir, "cjs/react-dom-client.production.js"), "utf8");

describe("rewriteSentinels", () => {
  it("rewrites exactly React DOM's module-level sentinel errors", () => {
    const rewritten = rewriteSentinels(reactDomClient);
    for (const code of SENTINEL_CODES) {
      expect(rewritten).not.toContain(`Error(formatProdErrorMessage(${code}))`);
      expect(rewritten).toContain(`__stacklessSentinel(formatProdErrorMessage(${code}))`);
    }
    // Errors React throws for real (a hydration mismatch, 418) keep their stack.
    expect(rewritten).toContain("Error(\n    formatProdErrorMessage(\n      418,");
  });

  it("makes sentinels that are errors by prototype and message, without a stack", () => {
    const source = rewriteSentinels(
      SENTINEL_CODES.map((c) => `var e${c} = Error(formatProdErrorMessage(${c}));`).join("\n"),
    );
    const names = SENTINEL_CODES.map((c) => `e${c}`).join(", ");
    const sentinels = new Function("formatProdErrorMessage", `${source}\nreturn [${names}];`)(
      (code: number) => `Minified React error #${code}`,
    ) as Error[];
    for (const [i, sentinel] of sentinels.entries()) {
      expect(sentinel).toBeInstanceOf(Error);
      expect(sentinel.message).toBe(`Minified React error #${SENTINEL_CODES[i]}`);
      expect(String(sentinel)).toBe(`Error: Minified React error #${SENTINEL_CODES[i]}`);
      expect(sentinel.stack).toBeUndefined();
    }
    expect(new Set(sentinels).size).toBe(5);
  });

  it("fails the build when React DOM's sentinels change", () => {
    expect(() => rewriteSentinels("var a = Error(formatProdErrorMessage(460));")).toThrow(/expected 5 .* found 1/);
    expect(() => rewriteSentinels(`${reactDomClient}\nError(formatProdErrorMessage(461));`)).toThrow(/found 6/);
  });
});
