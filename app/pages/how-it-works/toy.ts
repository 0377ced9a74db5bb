import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "how-it-works",
  path: "/how-it-works",
  label: "How It Works",
  title: "How It Works",
  description: "The science behind the pointlessness: quantum clicks, hyper-threaded nonsense and an apathy matrix.",
  background: "bg-linear-to-br from-slate-800 via-indigo-900 to-violet-900",
} satisfies PageEntry;
