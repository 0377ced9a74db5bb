// The byte budget, part of `npm test`: first-load JavaScript and each page's own JavaScript
// (gzip, from the production build) must stay within the targets below, on every page.

import { BUDGET } from "./budget-targets.ts";
import { measurePages } from "./build/bundle-sizes.ts";

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const pages = measurePages("build/client");
if (pages.length === 0) {
  console.error("budget: no pre-rendered pages found in build/client; run `npm run build` first");
  process.exit(1);
}
const failures: string[] = [];
const rows = pages.map((page) => {
  if (page.firstLoadJs > BUDGET.firstLoadJs) failures.push(`${page.path}: first-load JS ${kb(page.firstLoadJs)}`);
  if (page.ownJs > BUDGET.ownJs) failures.push(`${page.path}: own JS ${kb(page.ownJs)}`);
  return {
    page: page.path,
    "first-load JS (gz)": kb(page.firstLoadJs),
    "own JS (gz)": kb(page.ownJs),
    "HTML (gz)": kb(page.html),
  };
});
console.table(rows);
console.log(`budget: first-load JS <= ${kb(BUDGET.firstLoadJs)}, own JS <= ${kb(BUDGET.ownJs)} per page`);
if (failures.length > 0) {
  console.error(`budget exceeded:\n  ${failures.join("\n  ")}`);
  process.exit(1);
}
