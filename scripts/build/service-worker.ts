import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { walk } from "./files.ts";

export interface PrecacheEntry {
  url: string;
  revision: string;
}

/**
 * Files a visitor may need offline; host files, precompressed twins and the social preview images
 * (one per page, for link previews in other apps: never needed offline) are left out.
 */
const PRECACHE = /\.(html|js|css|svg|png|wav|webmanifest)$/;
const SKIP = /(^|\/)(404\.html|sw\.js)$|^og\//;

/** The URL a file is requested at: "hi/index.html" -> "/hi", "index.html" -> "/". */
export function urlOf(relativePath: string): string {
  const path = `/${relativePath.split("\\").join("/")}`;
  if (path === "/index.html") return "/";
  if (path.endsWith("/index.html")) return path.slice(0, -"/index.html".length);
  return path;
}

export function precacheEntries(dir: string): PrecacheEntry[] {
  return walk(dir)
    .map((file) => relative(dir, file))
    .filter((rel) => PRECACHE.test(rel) && !SKIP.test(rel.split("\\").join("/")))
    .map((rel) => ({
      url: urlOf(rel),
      revision: createHash("sha256")
        .update(readFileSync(join(dir, rel)))
        .digest("hex")
        .slice(0, 12),
    }))
    .sort((a, b) => a.url.localeCompare(b.url));
}

/** Writes build/client/sw.js: the template with this build's precache list and version. */
export function writeServiceWorker(dir: string, template: string): PrecacheEntry[] {
  const entries = precacheEntries(dir);
  const version = createHash("sha256").update(JSON.stringify(entries)).digest("hex").slice(0, 12);
  const header = `self.__PRECACHE = ${JSON.stringify(entries)};\nself.__VERSION = ${JSON.stringify(version)};\n`;
  writeFileSync(join(dir, "sw.js"), header + template);
  return entries;
}
