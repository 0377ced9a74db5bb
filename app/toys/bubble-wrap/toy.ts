import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "bubble-wrap",
  path: "/bubble-wrap",
  label: "Screaming Bubbles",
  title: "Screaming Bubbles",
  description: "One hundred bubbles of bubble wrap. Each pops once, scores a point, and screams about it.",
  background: "bg-linear-to-br from-cyan-600 via-sky-700 to-blue-800",
} satisfies PageEntry;
