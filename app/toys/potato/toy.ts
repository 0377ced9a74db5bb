import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "potato",
  path: "/potato",
  label: "Potato Zoom",
  title: "Potato Zoom",
  description: "Scroll to zoom into a potato, from 1x to 100x. Witness the potato in unprecedented detail.",
  background: "bg-linear-to-b from-amber-900 via-yellow-950 to-stone-950",
} satisfies PageEntry;
