import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "elevator",
  path: "/elevator",
  label: "Fake Elevator",
  title: "Fake Elevator",
  description: "Twelve floor buttons, one elevator, zero movement. Press any floor and enjoy the ride to nowhere.",
  background: "bg-linear-to-br from-stone-700 via-zinc-800 to-neutral-900",
} satisfies PageEntry;
