import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "clap",
  path: "/clap",
  label: "Aggressive Claps",
  title: "Aggressive Claps",
  description: "Move your mouse to receive a standing ovation. You have done nothing, and the crowd goes wild.",
  background:
    "linear-gradient(to bottom right, oklch(50.5% 0.213 27.518), oklch(55.3% 0.195 38.402), oklch(55.5% 0.163 48.998))",
} satisfies PageEntry;
