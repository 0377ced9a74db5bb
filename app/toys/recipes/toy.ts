import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "recipes",
  path: "/recipes",
  label: "Awful Recipes",
  title: "Awful Recipes",
  description: "Sandwich recipes that no chef, grandparent or hungry raccoon would ever endorse.",
  background: "bg-linear-to-br from-amber-700 via-orange-700 to-lime-800",
} satisfies PageEntry;
