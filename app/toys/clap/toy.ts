import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "clap",
  path: "/clap",
  label: "Aggressive Claps",
  title: "Aggressive Claps",
  description: "Move your mouse to receive a standing ovation. You have done nothing, and the crowd goes wild.",
  background:
    "linear-gradient(to bottom right, oklch(50.5% 0.213 27.518), oklch(47% 0.157 37.304), oklch(47.3% 0.137 46.201))",
} satisfies PageEntry;
