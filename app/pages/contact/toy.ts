import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "contact",
  path: "/contact",
  label: "Contact",
  title: "Contact",
  description: "Send a message into the void. The void reads everything. The void replies to nothing.",
  background:
    "linear-gradient(to bottom right, oklch(21% 0.034 264.665), oklch(20.8% 0.042 265.755), oklch(25.7% 0.09 281.288))",
} satisfies PageEntry;
