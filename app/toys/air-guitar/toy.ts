import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "air-guitar",
  path: "/air-guitar",
  label: "Air Guitar",
  title: "Air Guitar",
  description: "Wave your mouse and shred an air guitar. No talent required. No talent detected.",
  background: "linear-gradient(to bottom right, oklch(21% 0.006 285.885), oklch(25.8% 0.092 26.042), #000)",
} satisfies PageEntry;
