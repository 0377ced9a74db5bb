import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "rock",
  path: "/rock",
  label: "Pet Rock",
  title: "Pet Rock",
  description: "Adopt a pet rock. It blinks. It has a name. It will never leave you, mostly because it cannot move.",
  background:
    "linear-gradient(to bottom right, oklch(44.4% 0.011 73.639), oklch(37.4% 0.01 67.558), oklch(21.6% 0.006 56.043))",
} satisfies PageEntry;
