import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "coin",
  path: "/coin",
  label: "Coin Flip",
  title: "Coin Flip",
  description: "Flip a coin and let fate decide. Fate has decided. It is always the side.",
  background:
    "linear-gradient(to bottom right, oklch(55.4% 0.135 66.442), oklch(47.3% 0.137 46.201), oklch(40.8% 0.123 38.172))",
} satisfies PageEntry;
