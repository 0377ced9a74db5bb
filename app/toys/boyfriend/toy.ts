import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "boyfriend",
  path: "/boyfriend",
  label: "AI Boyfriend",
  title: "AI Boyfriend",
  description: "Chat with an AI boyfriend whose emotional range spans exactly nine canned replies.",
  background: "bg-linear-to-br from-pink-600 via-rose-700 to-purple-800",
} satisfies PageEntry;
