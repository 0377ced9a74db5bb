import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "countdown",
  path: "/countdown",
  label: "Countdown",
  title: "Countdown to Yesterday",
  description: "A precise countdown to yesterday, refreshed every 50 milliseconds. You will never make it.",
  background: "linear-gradient(to bottom right, oklch(27.9% 0.041 260.031), oklch(28.2% 0.091 267.935), #000)",
} satisfies PageEntry;
