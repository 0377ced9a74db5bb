import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "faq",
  path: "/faq",
  label: "FAQ",
  title: "FAQ",
  description: "Unhelpful answers to frequently asked questions about this website, its purpose, and refunds.",
  background: "bg-linear-to-br from-emerald-800 via-teal-800 to-cyan-900",
} satisfies PageEntry;
