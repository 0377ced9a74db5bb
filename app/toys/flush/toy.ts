import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "flush",
  path: "/flush",
  label: "Toilet Flush",
  title: "Toilet Flush",
  description: "Press the button, flush the toilet, count the flushes. A deeply satisfying waste of water.",
  background:
    "linear-gradient(to bottom right, oklch(58.8% 0.158 241.966), oklch(52% 0.105 223.128), oklch(42.4% 0.199 265.638))",
} satisfies PageEntry;
