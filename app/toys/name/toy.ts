import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "name",
  path: "/name",
  label: "Name Pronouncer",
  title: "Bad Name Pronouncer",
  description: "Type any name and hear it pronounced very, very slowly, in the lowest voice your browser has.",
  background:
    "linear-gradient(to bottom right, oklch(43.2% 0.232 292.759), oklch(38.1% 0.176 304.987), oklch(20.8% 0.042 265.755))",
} satisfies PageEntry;
