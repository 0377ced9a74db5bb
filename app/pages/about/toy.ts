import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "about",
  path: "/about",
  label: "About",
  title: "About",
  description: "About this glorious mess: who made a website of pointless toys, and why (there is no why).",
  background:
    "linear-gradient(to bottom right, oklch(43.8% 0.218 303.724), oklch(45.2% 0.211 324.591), oklch(45.9% 0.187 3.815))",
} satisfies PageEntry;
