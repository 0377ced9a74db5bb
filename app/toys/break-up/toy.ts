import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "break-up",
  path: "/break-up",
  label: "Breakup Quotes",
  title: "Breakup Quotes",
  description: "Gentle, absurd breakup lines for relationships with people, houseplants and kitchen appliances.",
  background:
    "linear-gradient(to bottom right, oklch(51.4% 0.222 16.935), oklch(50.5% 0.213 27.518), oklch(27.9% 0.041 260.031))",
} satisfies PageEntry;
