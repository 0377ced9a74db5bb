import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "emojis",
  path: "/emojis",
  label: "Emoji Wall",
  title: "Emoji Wall",
  description: "Two hundred emojis, wiggling in a grid, for no reason whatsoever.",
  background:
    "linear-gradient(to bottom right, oklch(55.5% 0.163 48.998), oklch(55.3% 0.195 38.402), oklch(44.4% 0.177 26.899))",
} satisfies PageEntry;
