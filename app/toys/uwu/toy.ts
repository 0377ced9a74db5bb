import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "uwu",
  path: "/uwu",
  label: "UwU Translator",
  title: "UwU Translator",
  description: "Translate any text into UwU. Serious emails, love letters, tax returns: nothing is safe.",
  background:
    "linear-gradient(to bottom right, oklch(52.5% 0.223 3.958), oklch(59.1% 0.293 322.896), oklch(49.1% 0.27 292.581))",
} satisfies PageEntry;
