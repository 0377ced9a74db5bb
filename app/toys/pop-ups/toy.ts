import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "pop-ups",
  path: "/pop-ups",
  label: "Popup Attack",
  title: "Popup Attack",
  description: "Every click opens another popup. Drag them around. Close them. Open more. Regret nothing.",
  background:
    "linear-gradient(to bottom right, oklch(42.4% 0.199 265.638), oklch(45% 0.085 224.283), oklch(38.6% 0.063 188.416))",
} satisfies PageEntry;
