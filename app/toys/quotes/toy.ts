import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "quotes",
  path: "/quotes",
  label: "Bad Quotes",
  title: "Bad Quotes",
  description: "Questionable quotes and terrible advice from 10,015 people who should not be quoted.",
  background:
    "linear-gradient(to bottom right, oklch(51.1% 0.096 186.391), oklch(45% 0.085 224.283), oklch(37.9% 0.146 265.522))",
} satisfies PageEntry;
