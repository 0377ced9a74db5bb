// docs/deploy.md's table of every setting, made from the server's own schema (server/ops/config.ts):
// each setting's name, its default as the environment would write it, and what it takes.
import { EnvSchema, EXPECTED, WHEN_UNSET } from "../../server/ops/config.ts";

type Entry = { default?: unknown };

/** The table, one row per setting, in the schema's order. */
export function settingsTable(): string {
  const rows = Object.entries(EnvSchema.entries).map(([name, schema]) => {
    const fallback = (schema as Entry).default;
    const unset = WHEN_UNSET[name as keyof typeof WHEN_UNSET];
    const shown = typeof fallback === "string" ? `\`${fallback}\`` : `unset${unset ? `: ${unset}` : ""}`;
    return `| \`${name}\` | ${shown} | ${EXPECTED[name as keyof typeof EXPECTED].replaceAll("|", "\\|")} |`;
  });
  return ["| setting | default | what it takes |", "|---|---|---|", ...rows].join("\n");
}
