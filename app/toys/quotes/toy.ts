import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "quotes",
  path: "/quotes",
  label: "Bad Quotes",
  title: "Bad Quotes",
  description: "Questionable quotes and terrible advice from 10,015 people who should not be quoted.",
  background: "bg-linear-to-br from-teal-700 via-cyan-800 to-blue-900",
} satisfies PageEntry;
