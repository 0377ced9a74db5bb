import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "bubble-wrap-together",
  path: "/bubble-wrap/together",
  label: "Bubble Wrap for Everyone",
  title: "Bubble Wrap for Everyone",
  description:
    "One sheet of ten thousand bubbles shared by everyone on the internet. Pop one and it pops for all, live.",
  background:
    "linear-gradient(to bottom right, oklch(50% 0.134 242.749), oklch(42.4% 0.199 265.638), oklch(39.8% 0.195 277.366))",
} satisfies PageEntry;
