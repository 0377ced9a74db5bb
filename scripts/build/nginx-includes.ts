import { mkdirSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { lookup } from "mrmime";
import { siteFileOf } from "../../server/static/site-path.ts";
import { siteFiles } from "../../server/static/static.ts";
import { walk } from "./files.ts";

/**
 * nginx serving the build exactly as `npm start` does (deploy/nginx/pointless-toys.conf): the
 * headers of each file, and its type, are not written twice but read from the server itself
 * (server/static/static.ts headersFor, mrmime as send-file.ts uses it) for every file of the
 * build, and written as two includes:
 *
 * - `http.conf` (http context): one `map $uri` per header, the header's value for each file
 *   ($uri is the file served, after try_files: "/hi/index.html" for /hi), empty where the file
 *   has none (nginx then sends no header);
 * - `static.conf` (each location that serves files): the types, and an `add_header ... always`
 *   per header (always: the 404 page has them too).
 *
 * A map's keys are kept short (nginx's map_hash_bucket_size is 64 bytes by default, and raising
 * it is a directive an operator's nginx.conf may already have): a folder or an extension whose
 * files all share a value is one regex entry (`~^/assets/`, `~\.html$`), other files exact
 * entries, or an anchored regex for a path too long to be a key. What the maps give is checked against the server's answer for every
 * file before anything is written.
 */
export interface ServedFile {
  /** The path of the file as the server serves it: "/hi/index.html", "/assets/app.js". */
  path: string;
  /** The headers `npm start` sends with it (its security headers, policy and caching). */
  headers: Readonly<Record<string, string>>;
}

interface HeaderMap {
  variable: string;
  fallback: string;
  exact: Map<string, string>;
  /** Regex entries, tried in order after the exact ones: a folder's prefix, or a path too long for a key. */
  patterns: [regex: string, value: string][];
}

/** Longest exact key: with nginx's pointer and length bytes it must fit a 64-byte hash bucket. */
const MAX_KEY_BYTES = 48;

const variableOf = (header: string) => `$pointless_${header.toLowerCase().replace(/[^a-z0-9]/g, "_")}`;
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const cannot = (text: string) => new Error(`nginx-includes: cannot write ${JSON.stringify(text)} into nginx's config`);

/** A value or key as an nginx string: refused when nginx would read it otherwise ($ names a variable). */
function quoted(text: string): string {
  if (/["\\$\n\r]/.test(text)) throw cannot(text);
  return `"${text}"`;
}

/** A regex key, unquoted (nginx would unescape a quoted one): refused if it could end the token early. */
function regexKey(regex: string): string {
  if (/[\s"';{}]/.test(regex)) throw cannot(regex);
  return `~${regex}`;
}

function mostCommon(values: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "";
}

/**
 * The header's value for `path` as nginx's map gives it: an exact key (compared ignoring case, as
 * nginx does), then the first regex, then the default.
 */
export function mapValue(map: HeaderMap, path: string): string {
  const exact = [...map.exact].find(([key]) => key.toLowerCase() === path.toLowerCase());
  return exact?.[1] ?? map.patterns.find(([regex]) => new RegExp(regex).test(path))?.[1] ?? map.fallback;
}

/**
 * Groups of files that may share one regex entry: each folder of the site's root ("/assets/...")
 * and each extension (".html"), with the regex that names them.
 */
function groupsOf(path: string): string[] {
  const folder = path.indexOf("/", 1) > 0 ? path.slice(1, path.indexOf("/", 1)) : null;
  const extension = /\.(\w+)$/.exec(path)?.[1];
  return [
    ...(folder === null ? [] : [`^/${escapeRegex(folder)}/`]),
    ...(extension === undefined ? [] : [`\\.${extension}$`]),
  ];
}

function headerMap(header: string, files: readonly ServedFile[]): HeaderMap {
  const valueFor = (file: ServedFile) => file.headers[header] ?? "";
  const fallback = mostCommon(files.map(valueFor));
  const groups = new Map<string, { values: Set<string>; members: number }>();
  for (const file of files) {
    for (const regex of groupsOf(file.path)) {
      const group = groups.get(regex) ?? { values: new Set(), members: 0 };
      group.values.add(valueFor(file));
      group.members++;
      groups.set(regex, group);
    }
  }
  // A group all of whose files (two or more) share a value other than the default: one entry, the
  // largest first, and none whose files the entries before it cover already. A file in two such
  // groups has the same value in both, so their order does not change what a file gets.
  const shared: [string, string][] = [];
  const covered = new Set<string>();
  for (const [regex, { values, members }] of [...groups].sort((a, b) => b[1].members - a[1].members)) {
    const [only] = values;
    if (values.size !== 1 || only === undefined || only === fallback || members < 2) continue;
    const matched = files.filter((file) => new RegExp(regex).test(file.path)).map((file) => file.path);
    if (matched.every((path) => covered.has(path))) continue;
    for (const path of matched) covered.add(path);
    shared.push([regex, only]);
  }
  const map: HeaderMap = { variable: variableOf(header), fallback, exact: new Map(), patterns: [] };
  const long: [string, string][] = [];
  for (const file of files) {
    if ((shared.find(([regex]) => new RegExp(regex).test(file.path))?.[1] ?? fallback) === valueFor(file)) continue;
    // nginx compares a map's strings ignoring case: two keys alike but for case would be one.
    if ([...map.exact.keys()].some((path) => path.toLowerCase() === file.path.toLowerCase()))
      throw new Error(`nginx-includes: ${file.path} differs from another file's path only by case`);
    if (Buffer.byteLength(file.path) > MAX_KEY_BYTES) long.push([`^${escapeRegex(file.path)}$`, valueFor(file)]);
    else map.exact.set(file.path, valueFor(file));
  }
  map.patterns.push(...long, ...shared);
  return map;
}

function mapText(header: string, map: HeaderMap): string {
  const lines = [`map $uri ${map.variable} {`, `  default ${quoted(map.fallback)};`];
  for (const [path, value] of map.exact) lines.push(`  ${quoted(path)} ${quoted(value)};`);
  for (const [regex, value] of map.patterns) lines.push(`  ${regexKey(regex)} ${quoted(value)};`);
  lines.push("}");
  return `# ${header}\n${lines.join("\n")}`;
}

/** The two includes for `files`, each file's type given by `typeOf` (its path). */
export function nginxIncludes(
  files: readonly ServedFile[],
  typeOf: (path: string) => string | undefined,
): { http: string; static: string } {
  const headers = [...new Set(files.flatMap((file) => Object.keys(file.headers)))].sort();
  const maps = headers.map((header) => [header, headerMap(header, files)] as const);
  for (const [header, map] of maps) {
    for (const file of files) {
      if (mapValue(map, file.path) !== (file.headers[header] ?? ""))
        throw new Error(`nginx-includes: the map of ${header} does not give ${file.path} its value`);
    }
  }
  const extensions = new Map<string, Set<string>>();
  for (const { path } of files) {
    const extension = /\.([\w]+)$/.exec(path)?.[1];
    const type = typeOf(path);
    if (extension && type) extensions.set(type, (extensions.get(type) ?? new Set()).add(extension.toLowerCase()));
  }
  const said =
    "# Written by `npm run build` (scripts/build/nginx-includes.ts) from what `npm start` sends with each\n" +
    "# file of this build: do not edit, build again.\n";
  return {
    http: `${said}# The http context's half: each header's value for each file ($uri: the file served).\n\n${maps
      .map(([header, map]) => mapText(header, map))
      .join("\n\n")}\n`,
    static: `${said}# The half for each location that serves files: types, and the headers (always: the 404 page too).\n\ntypes {\n${[
      ...extensions,
    ]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([type, names]) => `  ${type} ${[...names].sort().join(" ")};`)
      .join("\n")}\n}\ndefault_type application/octet-stream;\n${maps
      .map(([header, map]) => `add_header ${header} ${map.variable} always;`)
      .join("\n")}\n`,
  };
}

/** The files of the build at `dir` the server serves (the SPA fallback as every unknown path's answer). */
export function servedFiles(dir: string): ServedFile[] {
  const { headersFor } = siteFiles(dir);
  return walk(dir)
    .map((file) => `/${relative(dir, file).split(sep).join("/")}`)
    .filter((path) => siteFileOf(path) === path || path === "/__spa-fallback.html")
    .sort()
    .map((path) => ({ path, headers: headersFor(path) }));
}

/** Writes `out`/http.conf and `out`/static.conf for the build at `dir`; returns how many files they cover. */
export function writeNginxIncludes(dir: string, out: string): number {
  const files = servedFiles(dir);
  const includes = nginxIncludes(files, (path) => lookup(path));
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, "http.conf"), includes.http);
  writeFileSync(join(out, "static.conf"), includes.static);
  return files.length;
}
