import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "shrugs",
  path: "/shrugs",
  label: "Infinite Shrugs",
  title: "Infinite Shrugs",
  description: "Click anywhere to shrug. Click again. The shrugs are infinite, and so is the indifference.",
  background: "bg-linear-to-br from-lime-700 via-green-800 to-emerald-900",
} satisfies PageEntry;
