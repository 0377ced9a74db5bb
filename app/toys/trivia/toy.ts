import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "trivia",
  path: "/trivia",
  label: "Trivia Time",
  title: "Trivia Time",
  description: "Ten trivia questions where the answer is always C. Obviously. Test your knowledge of C.",
  background:
    "linear-gradient(to bottom right, oklch(50.8% 0.118 165.612), oklch(43.7% 0.078 188.216), oklch(39.8% 0.07 227.392))",
} satisfies PageEntry;
