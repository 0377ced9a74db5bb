import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "elevator",
  path: "/elevator",
  label: "Fake Elevator",
  title: "Fake Elevator",
  description: "Twelve floor buttons, one elevator, zero movement. Press any floor and enjoy the ride to nowhere.",
  background:
    "linear-gradient(to bottom right, oklch(37.4% 0.01 67.558), oklch(27.4% 0.006 286.033), oklch(20.5% 0 none))",
} satisfies PageEntry;
