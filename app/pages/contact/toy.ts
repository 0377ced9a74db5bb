import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "contact",
  path: "/contact",
  label: "Contact",
  title: "Contact",
  description: "Send a message into the void. The void reads everything. The void replies to nothing.",
  background: "bg-linear-to-br from-gray-900 via-slate-900 to-indigo-950",
} satisfies PageEntry;
