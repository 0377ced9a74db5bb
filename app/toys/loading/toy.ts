import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "loading",
  path: "/loading",
  label: "Endless Loading",
  title: "Endless Loading",
  description: "A loading spinner that never finishes loading. Almost there. Nah.",
  background: "linear-gradient(to bottom right, oklch(27.8% 0.033 256.848), oklch(20.8% 0.042 265.755), #000)",
} satisfies PageEntry;
