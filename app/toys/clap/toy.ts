import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "clap",
  path: "/clap",
  label: "Aggressive Claps",
  title: "Aggressive Claps",
  description: "Move your mouse to receive a standing ovation. You have done nothing, and the crowd goes wild.",
  background: "bg-linear-to-br from-red-700 via-orange-700 to-amber-700",
} satisfies PageEntry;
