import { definePage } from "../../kit/lib/define-page";

export const toy = definePage({
  slug: "aura",
  path: "/aura",
  label: "Cringe Auras",
  title: "Cringe Auras",
  description: "Pick your zodiac sign and receive an aura reading of deeply questionable cosmic accuracy.",
  background: "bg-linear-to-br from-fuchsia-800 via-purple-800 to-indigo-900",
});
