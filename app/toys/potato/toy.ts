import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "potato",
  path: "/potato",
  label: "Potato Zoom",
  title: "Potato Zoom",
  description: "Scroll to zoom into a potato, from 1x to 100x. Witness the potato in unprecedented detail.",
  background:
    "linear-gradient(to bottom, oklch(41.4% 0.112 45.904), oklch(28.6% 0.066 53.813), oklch(14.7% 0.004 49.25))",
} satisfies PageEntry;
