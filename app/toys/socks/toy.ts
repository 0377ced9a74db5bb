import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "socks",
  path: "/socks",
  label: "Socks Fan Page",
  title: "Socks Fan Page",
  description: "A loving gallery of socks: striped, spotted, lonely, and the ones that only fit the left foot.",
  background:
    "linear-gradient(to bottom right, oklch(50% 0.134 242.749), oklch(42.4% 0.199 265.638), oklch(35.9% 0.144 278.697))",
} satisfies PageEntry;
