import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "puzzle",
  path: "/puzzle",
  label: "Impossible Puzzle",
  title: "Impossible Puzzle",
  description: "A four-piece jigsaw puzzle that never quite fits, no matter how hard you try. Please keep trying.",
  background: "bg-linear-to-br from-teal-700 via-emerald-800 to-green-900",
} satisfies PageEntry;
