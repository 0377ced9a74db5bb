import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "how-it-works",
  path: "/how-it-works",
  label: "How It Works",
  title: "How It Works",
  description: "The science behind the pointlessness: quantum clicks, hyper-threaded nonsense and an apathy matrix.",
  background:
    "linear-gradient(to bottom right, oklch(27.9% 0.041 260.031), oklch(35.9% 0.144 278.697), oklch(38% 0.189 293.745))",
} satisfies PageEntry;
