import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "recipes",
  path: "/recipes",
  label: "Awful Recipes",
  title: "Awful Recipes",
  description: "Sandwich recipes that no chef, grandparent or hungry raccoon would ever endorse.",
  background:
    "linear-gradient(to bottom right, oklch(55.5% 0.163 48.998), oklch(55.3% 0.195 38.402), oklch(45.3% 0.124 130.933))",
} satisfies PageEntry;
