import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "rock",
  path: "/rock",
  label: "Pet Rock",
  title: "Pet Rock",
  description: "Adopt a pet rock. It blinks. It has a name. It will never leave you, mostly because it cannot move.",
  background: "bg-linear-to-br from-stone-600 via-stone-700 to-stone-900",
} satisfies PageEntry;
