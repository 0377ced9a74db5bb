import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "flush",
  path: "/flush",
  label: "Toilet Flush",
  title: "Toilet Flush",
  description: "Press the button, flush the toilet, count the flushes. A deeply satisfying waste of water.",
  background:
    "linear-gradient(to bottom right, oklch(50% 0.134 242.749), oklch(52% 0.105 223.128), oklch(42.4% 0.199 265.638))",
} satisfies PageEntry;
