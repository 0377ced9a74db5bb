import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "rap",
  path: "/rap",
  label: "Cringe Raps",
  title: "Cringe Raps",
  description: "Rap lyrics so cringe your speakers will ask for a day off. Drop a verse, any verse.",
  background: "bg-linear-to-br from-zinc-900 via-violet-900 to-fuchsia-800",
} satisfies PageEntry;
