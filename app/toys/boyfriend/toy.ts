import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "boyfriend",
  path: "/boyfriend",
  label: "AI Boyfriend",
  title: "AI Boyfriend",
  description: "Chat with an AI boyfriend whose emotional range spans exactly nine canned replies.",
  background:
    "linear-gradient(to bottom right, oklch(59.2% 0.249 0.584), oklch(51.4% 0.222 16.935), oklch(43.8% 0.218 303.724))",
} satisfies PageEntry;
