import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "shrugs",
  path: "/shrugs",
  label: "Infinite Shrugs",
  title: "Infinite Shrugs",
  description: "Click anywhere to shrug. Click again. The shrugs are infinite, and so is the indifference.",
  background:
    "linear-gradient(to bottom right, oklch(53.2% 0.157 131.589), oklch(44.8% 0.119 151.328), oklch(37.8% 0.077 168.94))",
} satisfies PageEntry;
