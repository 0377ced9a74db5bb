import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "hi",
  path: "/hi",
  label: "Endless Hi",
  title: "Endless Hi",
  description: "Greetings in many languages that never, ever end. Scroll down. Keep scrolling. Hi.",
  background:
    "linear-gradient(to bottom, oklch(20.8% 0.042 265.755), oklch(25.7% 0.09 281.288), oklch(20.8% 0.042 265.755))",
} satisfies PageEntry;
