import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "age",
  path: "/age",
  label: "Age Guesser",
  title: "Age Oracle",
  description: "An ancient oracle guesses your age with astonishing accuracy, provided you are 42.",
  background:
    "linear-gradient(to bottom right, oklch(47.3% 0.137 46.201), oklch(42.1% 0.095 57.708), oklch(21.6% 0.006 56.043))",
} satisfies PageEntry;
