import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "weather",
  path: "/weather",
  label: "Dramatic Weather",
  title: "Emotional Forecast",
  description: "A weather forecast for your feelings: twelve dramatic outlooks, none of them meteorological.",
  background:
    "linear-gradient(to bottom right, oklch(50% 0.134 242.749), oklch(39.8% 0.195 277.366), oklch(20.8% 0.042 265.755))",
} satisfies PageEntry;
