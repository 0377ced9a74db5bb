import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "wiki-lies",
  path: "/wiki-lies",
  label: "Wiki Lies",
  title: "Obvious Lies Wiki",
  description: "The free encyclopedia that anyone can tell is wrong. Ten fake facts, lovingly unsourced.",
  background:
    "linear-gradient(to bottom right, oklch(37.2% 0.044 257.287), oklch(27.9% 0.041 260.031), oklch(39.1% 0.09 240.876))",
} satisfies PageEntry;
