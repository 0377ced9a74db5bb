import { definePage } from "../../kit/lib/define-page";

export const toy = definePage({
  slug: "rap",
  path: "/rap",
  label: "Cringe Raps",
  title: "Cringe Raps",
  description: "Rap lyrics so cringe your speakers will ask for a day off. Drop a verse, any verse.",
  background: "bg-linear-to-br from-zinc-900 via-violet-900 to-fuchsia-800",
});
