import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "useless-button",
  path: "/",
  label: "Useless Button",
  title: "The Useless Button",
  description: "A big button that does absolutely nothing, with a counter to prove how much nothing you did.",
  background: "bg-linear-to-br from-indigo-700 via-purple-700 to-pink-600",
} satisfies PageEntry;
