import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "socks",
  path: "/socks",
  label: "Socks Fan Page",
  title: "Socks Fan Page",
  description: "A loving gallery of socks: striped, spotted, lonely, and the ones that only fit the left foot.",
  background: "bg-linear-to-br from-sky-700 via-blue-800 to-indigo-900",
} satisfies PageEntry;
