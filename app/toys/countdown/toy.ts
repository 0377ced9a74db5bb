import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "countdown",
  path: "/countdown",
  label: "Countdown",
  title: "Countdown to Yesterday",
  description: "A precise countdown to yesterday, refreshed every 50 milliseconds. You will never make it.",
  background: "bg-linear-to-br from-slate-800 via-blue-950 to-black",
} satisfies PageEntry;
