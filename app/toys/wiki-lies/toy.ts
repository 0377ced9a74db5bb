import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "wiki-lies",
  path: "/wiki-lies",
  label: "Wiki Lies",
  title: "Obvious Lies Wiki",
  description: "The free encyclopedia that anyone can tell is wrong. Ten fake facts, lovingly unsourced.",
  background: "bg-linear-to-br from-slate-700 via-slate-800 to-sky-900",
} satisfies PageEntry;
