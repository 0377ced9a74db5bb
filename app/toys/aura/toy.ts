import type { PageEntry } from "../../kit/lib/page-entry";

export const toy = {
  slug: "aura",
  path: "/aura",
  label: "Cringe Auras",
  title: "Cringe Auras",
  description: "Pick your zodiac sign and receive an aura reading of deeply questionable cosmic accuracy.",
  background:
    "linear-gradient(to bottom right, oklch(45.2% 0.211 324.591), oklch(43.8% 0.218 303.724), oklch(35.9% 0.144 278.697))",
} satisfies PageEntry;
