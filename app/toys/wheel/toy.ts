import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "wheel",
  path: "/wheel",
  label: "Spin To Lose",
  title: "Wheel of Misfortune",
  description: "Spin the wheel of misfortune. Every segment is a prize, and every prize is losing.",
  background:
    "linear-gradient(to bottom right, oklch(44.4% 0.177 26.899), oklch(45.5% 0.188 13.697), oklch(47% 0.157 37.304))",
} satisfies PageEntry;
