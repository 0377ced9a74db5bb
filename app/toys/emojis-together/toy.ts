import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "emojis-together",
  path: "/emojis/together",
  label: "Emoji Wall for Everyone",
  title: "Emoji Wall for Everyone",
  description:
    "One wall of two hundred emojis that everyone on the internet paints together, one cell every few seconds, live.",
  background:
    "linear-gradient(to bottom right, oklch(55.8% 0.288 302.321), oklch(52.5% 0.223 3.958), oklch(55.3% 0.195 38.402))",
} satisfies PageEntry;
