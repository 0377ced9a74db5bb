import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "aura",
  path: "/aura",
  label: "Cringe Auras",
  title: "Cringe Auras",
  description: "Pick your zodiac sign and receive an aura reading of deeply questionable cosmic accuracy.",
  background: "bg-linear-to-br from-fuchsia-800 via-purple-800 to-indigo-900",
} satisfies PageEntry;
