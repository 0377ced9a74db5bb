import { describe, expect, it } from "vitest";
import { nginxIncludes, type ServedFile } from "./nginx-includes.ts";

const DOC = { "Referrer-Policy": "same-origin", "X-Frame-Options": "DENY" };
const ALL = { "X-Content-Type-Options": "nosniff" };
const IMMUTABLE = "public, max-age=31536000, immutable";

const files: ServedFile[] = [
  { path: "/index.html", headers: { ...ALL, ...DOC, "Cache-Control": "no-cache", "Content-Security-Policy": "a" } },
  { path: "/hi/index.html", headers: { ...ALL, ...DOC, "Cache-Control": "no-cache", "Content-Security-Policy": "b" } },
  { path: "/sw.js", headers: { ...ALL, ...DOC, "Cache-Control": "no-cache" } },
  { path: "/favicon.svg", headers: { ...ALL, "Cache-Control": "no-cache" } },
  { path: "/assets/app-AbC.js", headers: { ...ALL, "Cache-Control": IMMUTABLE } },
  { path: "/assets/app-DeF.css", headers: { ...ALL, "Cache-Control": IMMUTABLE } },
  { path: "/assets/shell-XyZ.js", headers: { ...ALL, "Cache-Control": IMMUTABLE } },
];
const types = (path: string) =>
  ({ js: "text/javascript", css: "text/css", html: "text/html", svg: "image/svg+xml" })[path.split(".").pop() ?? ""];

/** The value nginx's map of `variable` gives `path`, read back from the written include. */
function evaluate(http: string, variable: string, path: string): string {
  const block = new RegExp(`map \\$uri \\${variable} \\{\\n([\\s\\S]*?)\\n\\}`).exec(http)?.[1] ?? "";
  const entries = block.split("\n").map((line) => /^ {2}(\S+) "(.*)";$/.exec(line)?.slice(1) as [string, string]);
  const fallback = entries.find(([key]) => key === "default")?.[1] ?? "";
  const exact = entries.find(([key]) => key === `"${path}"`);
  if (exact) return exact[1];
  const regex = entries.find(([key]) => key.startsWith("~") && new RegExp(key.slice(1)).test(path));
  return regex ? regex[1] : fallback;
}

describe("nginx's includes, from the server's headers for each file", () => {
  const { http, static: locations } = nginxIncludes(files, types);

  it("gives every file every header the server sends with it, and no other", () => {
    for (const file of files) {
      for (const header of ["Cache-Control", "Content-Security-Policy", "Referrer-Policy", "X-Frame-Options"]) {
        const variable = `$pointless_${header.toLowerCase().replace(/-/g, "_")}`;
        expect(evaluate(http, variable, file.path), `${header} of ${file.path}`).toBe(file.headers[header] ?? "");
      }
    }
  });

  it("names a folder or an extension whose files share a value once, and the rest by path", () => {
    expect(http).toContain('map $uri $pointless_cache_control {\n  default "no-cache";\n  ~^/assets/ ');
    expect(http).toContain('  "/sw.js" "DENY";\n  ~\\.html$ "DENY";');
    expect(http).toContain('  "/hi/index.html" "b";');
    expect(http).toContain('map $uri $pointless_x_content_type_options {\n  default "nosniff";\n}');
  });

  it("adds each header always (the 404 page has them too), with the types of the build's files", () => {
    expect(locations).toContain("add_header Content-Security-Policy $pointless_content_security_policy always;");
    expect(locations).toContain("  text/javascript js;\n");
    expect(locations).toContain("  image/svg+xml svg;\n");
    expect(locations).toContain("default_type application/octet-stream;");
  });

  it("writes a path too long for a map key as an anchored regex", () => {
    const long = `/blog/${"a".repeat(50)}/index.html`;
    const { http: written } = nginxIncludes(
      [...files, { path: long, headers: { "Content-Security-Policy": "c" } }],
      types,
    );
    expect(written).toContain(`  ~^/blog/${"a".repeat(50)}/index\\.html$ "c";`);
    expect(evaluate(written, "$pointless_content_security_policy", long)).toBe("c");
  });

  it("refuses what nginx would read otherwise: a quote or a $ in a value, paths alike but for case", () => {
    const quoted = [{ path: "/a.html", headers: { "Content-Security-Policy": 'say "hi"' } }, ...files];
    expect(() => nginxIncludes(quoted, types)).toThrow(/cannot write/);
    const variable = [{ path: "/a.html", headers: { "Content-Security-Policy": "$host" } }, ...files];
    expect(() => nginxIncludes(variable, types)).toThrow(/cannot write/);
    const cased = [
      { path: "/A.html", headers: { "Content-Security-Policy": "x" } },
      { path: "/a.html", headers: { "Content-Security-Policy": "y" } },
    ];
    expect(() => nginxIncludes(cased, types)).toThrow(/does not give \/A\.html its value/);
  });
});
