import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "hotdog",
  path: "/hotdog",
  label: "Hotdog of the Day",
  title: "Hotdog of the Day",
  description: "Today's hotdog, hand-drawn with care and absolutely no nutritional information.",
  background: "bg-linear-to-br from-orange-700 via-red-700 to-yellow-800",
} satisfies PageEntry;
