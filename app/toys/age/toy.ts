import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "age",
  path: "/age",
  label: "Age Guesser",
  title: "Age Oracle",
  description: "An ancient oracle guesses your age with astonishing accuracy, provided you are 42.",
  background: "bg-linear-to-br from-amber-800 via-yellow-900 to-stone-900",
} satisfies PageEntry;
