import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "weather",
  path: "/weather",
  label: "Dramatic Weather",
  title: "Emotional Forecast",
  description: "A weather forecast for your feelings: twelve dramatic outlooks, none of them meteorological.",
  background: "bg-linear-to-br from-sky-700 via-indigo-800 to-slate-900",
} satisfies PageEntry;
