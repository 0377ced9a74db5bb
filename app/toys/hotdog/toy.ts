import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "hotdog",
  path: "/hotdog",
  label: "Hotdog of the Day",
  title: "Hotdog of the Day",
  description: "Today's hotdog, hand-drawn with care and absolutely no nutritional information.",
  background:
    "linear-gradient(to bottom right, oklch(55.3% 0.195 38.402), oklch(50.5% 0.213 27.518), oklch(47.6% 0.114 61.907))",
} satisfies PageEntry;
