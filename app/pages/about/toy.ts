import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "about",
  path: "/about",
  label: "About",
  title: "About",
  description: "About this glorious mess: who made a website of pointless toys, and why (there is no why).",
  background: "bg-linear-to-br from-purple-800 via-fuchsia-800 to-pink-800",
} satisfies PageEntry;
