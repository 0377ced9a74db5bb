import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "sparkle",
  path: "/sparkle",
  label: "Sparkle Trail",
  title: "Sparkle Trail",
  description: "Move your mouse or finger and leave a trail of sparkles. Occasionally, the sparkles laugh at you.",
  background: "linear-gradient(to bottom right, oklch(25.7% 0.09 281.288), oklch(29.1% 0.149 302.717), #000)",
} satisfies PageEntry;
