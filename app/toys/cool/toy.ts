import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "cool",
  path: "/cool",
  label: "Cool Quiz",
  title: "Are You Cool?",
  description: "A one-question scientific quiz that determines whether you are cool. Results are final.",
  background: "bg-linear-to-br from-cyan-700 via-sky-800 to-indigo-900",
} satisfies PageEntry;
