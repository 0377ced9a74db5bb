import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "name",
  path: "/name",
  label: "Name Pronouncer",
  title: "Bad Name Pronouncer",
  description: "Type any name and hear it pronounced very, very slowly, in the lowest voice your browser has.",
  background: "bg-linear-to-br from-violet-800 via-purple-900 to-slate-900",
} satisfies PageEntry;
