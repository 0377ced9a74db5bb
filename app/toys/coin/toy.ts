import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "coin",
  path: "/coin",
  label: "Coin Flip",
  title: "Coin Flip",
  description: "Flip a coin and let fate decide. Fate has decided. It is always the side.",
  background: "bg-linear-to-br from-yellow-700 via-amber-800 to-orange-900",
} satisfies PageEntry;
