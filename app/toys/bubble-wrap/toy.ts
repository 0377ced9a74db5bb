import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "bubble-wrap",
  path: "/bubble-wrap",
  label: "Screaming Bubbles",
  title: "Screaming Bubbles",
  description: "One hundred bubbles of bubble wrap. Each pops once, scores a point, and screams about it.",
  background:
    "linear-gradient(to bottom right, oklch(52% 0.105 223.128), oklch(50% 0.134 242.749), oklch(42.4% 0.199 265.638))",
} satisfies PageEntry;
