import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "uwu",
  path: "/uwu",
  label: "UwU Translator",
  title: "UwU Translator",
  description: "Translate any text into UwU. Serious emails, love letters, tax returns: nothing is safe.",
  background: "bg-linear-to-br from-pink-500 via-fuchsia-600 to-violet-700",
} satisfies PageEntry;
