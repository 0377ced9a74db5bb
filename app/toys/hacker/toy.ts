import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "hacker",
  path: "/hacker",
  label: "Hacker Console",
  title: "Hacker Console",
  description: "A terrifying hacker terminal that mostly confesses to minor crimes against snacks.",
  background: "linear-gradient(to bottom right, #000, oklch(21% 0.006 285.885), oklch(26.2% 0.051 172.552))",
} satisfies PageEntry;
