import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "air-guitar",
  path: "/air-guitar",
  label: "Air Guitar",
  title: "Air Guitar",
  description: "Wave your mouse and shred an air guitar. No talent required. No talent detected.",
  background: "bg-linear-to-br from-zinc-900 via-red-950 to-black",
} satisfies PageEntry;
