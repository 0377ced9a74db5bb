import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "faq",
  path: "/faq",
  label: "FAQ",
  title: "FAQ",
  description: "Unhelpful answers to frequently asked questions about this website, its purpose, and refunds.",
  background:
    "linear-gradient(to bottom right, oklch(43.2% 0.095 166.913), oklch(43.7% 0.078 188.216), oklch(39.8% 0.07 227.392))",
} satisfies PageEntry;
