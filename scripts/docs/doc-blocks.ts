// The tables in the docs that are made from the code: where each goes (a file, and the name of
// its `<!-- name:start -->` / `<!-- name:end -->` markers) and what makes it.
import { targetsList } from "../bench/targets.ts";
import { limitsTable } from "./limits-table.ts";
import { settingsTable } from "./settings-table.ts";

export const DOC_BLOCKS: { file: string; name: string; make: () => string }[] = [
  { file: "docs/deploy.md", name: "settings", make: settingsTable },
  { file: "docs/performance.md", name: "targets", make: targetsList },
  { file: "docs/live.md", name: "limits", make: limitsTable },
];
