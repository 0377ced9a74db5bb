import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "hi",
  path: "/hi",
  label: "Endless Hi",
  title: "Endless Hi",
  description: "Greetings in many languages that never, ever end. Scroll down. Keep scrolling. Hi.",
  background: "bg-linear-to-b from-slate-900 via-indigo-950 to-slate-900",
} satisfies PageEntry;
