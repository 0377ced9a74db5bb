import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "flush",
  path: "/flush",
  label: "Toilet Flush",
  title: "Toilet Flush",
  description: "Press the button, flush the toilet, count the flushes. A deeply satisfying waste of water.",
  background: "bg-linear-to-br from-sky-600 via-cyan-700 to-blue-800",
} satisfies PageEntry;
