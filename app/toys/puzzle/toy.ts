import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "puzzle",
  path: "/puzzle",
  label: "Impossible Puzzle",
  title: "Impossible Puzzle",
  description: "A four-piece jigsaw puzzle that never quite fits, no matter how hard you try. Please keep trying.",
  background:
    "linear-gradient(to bottom right, oklch(51.1% 0.096 186.391), oklch(43.2% 0.095 166.913), oklch(39.3% 0.095 152.535))",
} satisfies PageEntry;
