import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "useless-button",
  path: "/",
  label: "Useless Button",
  title: "The Useless Button",
  description: "A big button that does absolutely nothing, with a counter to prove how much nothing you did.",
  background:
    "linear-gradient(to bottom right, oklch(45.7% 0.24 277.023), oklch(49.6% 0.265 301.924), oklch(59.2% 0.249 0.584))",
} satisfies PageEntry;
