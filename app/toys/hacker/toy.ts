import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "hacker",
  path: "/hacker",
  label: "Hacker Console",
  title: "Hacker Console",
  description: "A terrifying hacker terminal that mostly confesses to minor crimes against snacks.",
  background: "bg-linear-to-br from-black via-zinc-900 to-emerald-950",
} satisfies PageEntry;
