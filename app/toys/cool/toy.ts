import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "cool",
  path: "/cool",
  label: "Cool Quiz",
  title: "Are You Cool?",
  description: "A one-question scientific quiz that determines whether you are cool. Results are final.",
  background:
    "linear-gradient(to bottom right, oklch(52% 0.105 223.128), oklch(44.3% 0.11 240.79), oklch(35.9% 0.144 278.697))",
} satisfies PageEntry;
