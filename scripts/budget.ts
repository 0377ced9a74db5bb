// The byte budget, part of `npm test`: the JavaScript each page loads before it is interactive, as
// `npm start` sends it (brotli bodies and response headers), each page's own JavaScript and its HTML must
// stay within the targets in budget-targets.ts, on every page. Deterministic: bytes, not timings.

import { get } from "node:http";
import { createSiteServer } from "../server/http.ts";
import { siteFiles } from "../server/static.ts";
import { BUDGET } from "./budget-targets.ts";
import { measurePages } from "./build/bundle-sizes.ts";
import { listenOnFreePort } from "./lib/local-site.ts";

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const pages = measurePages("build/client");
if (pages.length === 0) {
  console.error("budget: no pre-rendered pages found in build/client; run `npm run build` first");
  process.exit(1);
}

// What a browser receives for one module: the status line, the headers and the body (brotli,
// except for files too small to gain from it).
const { origin, close } = await listenOnFreePort(createSiteServer(siteFiles()));
const sent = new Map<string, number>();
async function sentBytes(url: string): Promise<number> {
  const known = sent.get(url);
  if (known !== undefined) return known;
  const bytes = await new Promise<number>((resolve, reject) => {
    get(origin + url, { headers: { "Accept-Encoding": "br" } }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`budget: ${url} answered ${response.statusCode}`));
      let total = `HTTP/1.1 ${response.statusCode} ${response.statusMessage}\r\n\r\n`.length;
      for (let i = 0; i < response.rawHeaders.length; i += 2) {
        total += `${response.rawHeaders[i]}: ${response.rawHeaders[i + 1]}\r\n`.length;
      }
      response.on("data", (chunk: Buffer) => {
        total += chunk.length;
      });
      response.on("end", () => resolve(total));
    }).on("error", reject);
  });
  sent.set(url, bytes);
  return bytes;
}

const failures: string[] = [];
const rows = [];
try {
  for (const page of pages) {
    let transfer = 0;
    for (const url of page.modules) transfer += await sentBytes(url);
    if (transfer > BUDGET.firstLoadJs) failures.push(`${page.path}: first-load JS ${kb(transfer)}`);
    if (page.ownJs > BUDGET.ownJs) failures.push(`${page.path}: own JS ${kb(page.ownJs)}`);
    if (page.html > BUDGET.html) failures.push(`${page.path}: HTML ${kb(page.html)}`);
    rows.push({
      page: page.path,
      "first-load JS (sent)": kb(transfer),
      requests: page.modules.length,
      "own JS (br)": kb(page.ownJs),
      "HTML (br)": kb(page.html),
    });
  }
} finally {
  close();
}
console.table(rows);
console.log(
  `budget: first-load JS <= ${kb(BUDGET.firstLoadJs)} as sent (brotli and headers), own JS <= ${kb(BUDGET.ownJs)} brotli, HTML <= ${kb(BUDGET.html)} brotli, per page`,
);
if (failures.length > 0) {
  console.error(`budget exceeded:\n  ${failures.join("\n  ")}`);
  process.exit(1);
}
