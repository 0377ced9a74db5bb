import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { createSiteServer } from "../server/http.ts";
import { siteFiles } from "../server/static.ts";
import { listenOnFreePort } from "./lib/local-site.ts";
import { CHROMIUM_ARGS } from "./chromium.mjs";
const site = await listenOnFreePort(createSiteServer(siteFiles(process.env.DIR ?? "build/client")));
for (let i = 0; i < Number(process.env.RUNS ?? 2); i++) {
  const chrome = await chromeLauncher.launch({ chromePath: "/usr/bin/chromium", chromeFlags: ["--headless=new", ...CHROMIUM_ARGS] });
  const r = await lighthouse(site.origin + (process.env.ROUTE ?? "/bubble-wrap/together"), { port: chrome.port, output: "json", onlyCategories: ["performance"], logLevel: "error" });
  chrome.kill();
  const lhr = r!.lhr;
  console.log("TBT", Math.round(lhr.audits["total-blocking-time"].numericValue!));
  const lt = lhr.audits["long-tasks"]?.details as { items?: { url: string; duration: number; startTime: number }[] };
  for (const t of lt?.items ?? []) console.log("  long task", Math.round(t.startTime), Math.round(t.duration), t.url.replace(site.origin, ""));
  const bd = lhr.audits["bootup-time"]?.details as { items?: { url: string; total: number; scripting: number }[] };
  for (const t of (bd?.items ?? []).slice(0, 6)) console.log("  bootup", Math.round(t.total), Math.round(t.scripting), t.url.replace(site.origin, ""));
}
site.close(); process.exit(0);
