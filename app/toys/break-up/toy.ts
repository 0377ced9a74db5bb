import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "break-up",
  path: "/break-up",
  label: "Breakup Quotes",
  title: "Breakup Quotes",
  description: "Gentle, absurd breakup lines for relationships with people, houseplants and kitchen appliances.",
  background: "bg-linear-to-br from-rose-700 via-red-700 to-slate-800",
} satisfies PageEntry;
