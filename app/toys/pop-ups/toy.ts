import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "pop-ups",
  path: "/pop-ups",
  label: "Popup Attack",
  title: "Popup Attack",
  description: "Every click opens another popup. Drag them around. Close them. Open more. Regret nothing.",
  background: "bg-linear-to-br from-blue-800 via-cyan-800 to-teal-900",
} satisfies PageEntry;
