import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "wheel",
  path: "/wheel",
  label: "Spin To Lose",
  title: "Wheel of Misfortune",
  description: "Spin the wheel of misfortune. Every segment is a prize, and every prize is losing.",
  background: "bg-linear-to-br from-red-800 via-rose-800 to-orange-800",
} satisfies PageEntry;
