import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "sparkle",
  path: "/sparkle",
  label: "Sparkle Trail",
  title: "Sparkle Trail",
  description: "Move your mouse or finger and leave a trail of sparkles. Occasionally, the sparkles laugh at you.",
  background: "bg-linear-to-br from-indigo-950 via-purple-950 to-black",
} satisfies PageEntry;
