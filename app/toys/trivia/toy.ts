import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "trivia",
  path: "/trivia",
  label: "Trivia Time",
  title: "Trivia Time",
  description: "Ten trivia questions where the answer is always C. Obviously. Test your knowledge of C.",
  background: "bg-linear-to-br from-emerald-700 via-teal-800 to-cyan-900",
} satisfies PageEntry;
