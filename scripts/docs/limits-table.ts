// docs/live.md's one table of limits, made from the code: for each limit, what it is counted per
// and what a page it refuses is told. The rows are in limits-channel-rows.ts and
// limits-toy-rows.ts; their numbers come from the server's settings' defaults (server/ops/config.ts),
// the contracts' constants (contracts/) and the server's own (server/live/, the toys' refusals and
// stores), and the words a page is told from where the server says them.
import { channelRows, type LimitRow } from "./limits-channel-rows.ts";
import { processRows, toyRows } from "./limits-toy-rows.ts";

/** A cell's text, safe in a Markdown table. */
const cell = (text: string) => text.replaceAll("|", "\\|");

export function limitsTable(): string {
  const rows: LimitRow[] = [...channelRows(), ...toyRows(), ...processRows()];
  return [
    "| what | limit | per | the refused page is told |",
    "|---|---|---|---|",
    ...rows.map(({ what, limit, per, told }) => `| ${[what, limit, per, told].map(cell).join(" | ")} |`),
  ].join("\n");
}
