import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "loading",
  path: "/loading",
  label: "Endless Loading",
  title: "Endless Loading",
  description: "A loading spinner that never finishes loading. Almost there. Nah.",
  background: "bg-linear-to-br from-gray-800 via-slate-900 to-black",
} satisfies PageEntry;
