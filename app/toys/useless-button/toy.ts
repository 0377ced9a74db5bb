import { definePage } from "../../kit/lib/define-page";

export const toy = definePage({
  slug: "useless-button",
  path: "/",
  label: "Useless Button",
  title: "The Useless Button",
  description: "A big button that does absolutely nothing, with a counter to prove how much nothing you did.",
  background: "bg-linear-to-br from-indigo-700 via-purple-700 to-pink-600",
});
