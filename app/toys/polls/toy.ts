import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "polls",
  path: "/polls",
  label: "Pointless Polls",
  title: "Pointless Polls",
  description: "Vote on the questions nobody asked. Your opinion is counted, then immediately forgotten.",
  background: "bg-linear-to-br from-blue-700 via-indigo-700 to-violet-800",
} satisfies PageEntry;
