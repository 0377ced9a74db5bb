import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "rap",
  path: "/rap",
  label: "Cringe Raps",
  title: "Cringe Raps",
  description: "Rap lyrics so cringe your speakers will ask for a day off. Drop a verse, any verse.",
  background:
    "linear-gradient(to bottom right, oklch(21% 0.006 285.885), oklch(38% 0.189 293.745), oklch(45.2% 0.211 324.591))",
} satisfies PageEntry;
