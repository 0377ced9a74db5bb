import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "polls",
  path: "/polls",
  label: "Pointless Polls",
  title: "Pointless Polls",
  description: "Vote on the questions nobody asked. Your opinion is counted, then immediately forgotten.",
  background:
    "linear-gradient(to bottom right, oklch(48.8% 0.243 264.376), oklch(45.7% 0.24 277.023), oklch(43.2% 0.232 292.759))",
} satisfies PageEntry;
