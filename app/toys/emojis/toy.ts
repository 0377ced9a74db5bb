import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "emojis",
  path: "/emojis",
  label: "Emoji Wall",
  title: "Emoji Wall",
  description: "Two hundred emojis, wiggling in a grid, for no reason whatsoever.",
  background: "bg-linear-to-br from-yellow-600 via-orange-700 to-red-800",
} satisfies PageEntry;
