import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { MAX_LATER_TRIES } from "../../app/kit/live/outbox.ts";
import { LINES_AFTER_TRIM, MAX_LINES } from "../../app/toys/hacker/logic.ts";
import { STORE_AWAY } from "../../server/bubbles/refusals.ts";
import { HEAP_GROWING_PERCENT } from "../../server/ops/heap-growth.ts";
import { HEAP_PER_CHANNEL_KB } from "../bench-channel.ts";
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

it('every doc that names MAX_LATER_TRIES says its number, and how long the store\'s "later"s take to use it up', () => {
  const said = `\`MAX_LATER_TRIES\` (${MAX_LATER_TRIES}, about ${(MAX_LATER_TRIES * (STORE_AWAY.retryMs ?? 0)) / 1000} s)`;
  for (const file of [
    "docs/deploy.md",
    "docs/live.md",
    "docs/polls.md",
    "docs/decisions/0010-no-write-without-a-replica.md",
  ]) {
    const text = readFileSync(file, "utf8").replace(/\s+/g, " ");
    const named = text.split("`MAX_LATER_TRIES`").length - 1;
    expect(named, `${file} names MAX_LATER_TRIES`).toBeGreaterThan(0);
    expect(text.split(said).length - 1, `${file} says ${said} each time`).toBe(named);
  }
});

it("docs/live.md says the channel's memory goal and the heap's bound as the code has them", () => {
  const text = readFileSync("docs/live.md", "utf8").replace(/\s+/g, " ");
  expect(text).toContain(`(goal: at most ${HEAP_PER_CHANNEL_KB} KB;`);
  expect(text).toContain(`\`--heap-growing-percent=${HEAP_GROWING_PERCENT}\``);
});

it("docs/performance.md says how many lines the hacker console keeps as the code has them", () => {
  const text = readFileSync("docs/performance.md", "utf8").replace(/\s+/g, " ");
  expect(text).toContain(`\`MAX_LINES\` (${MAX_LINES}) lines`);
  expect(text).toContain(`\`LINES_AFTER_TRIM\` (${LINES_AFTER_TRIM})`);
});
