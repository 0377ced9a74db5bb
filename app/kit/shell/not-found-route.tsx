import { data } from "react-router";
import { pageMeta } from "../lib/meta";

/**
 * The catch-all route. Its clientLoader throws a 404 so the root error boundary shows the
 * not-found page; throwing from a loader (not rendering) lets the SPA fallback hydrate without #418.
 */
export function clientLoader(): never {
  throw data(null, { status: 404 });
}

export const meta = pageMeta({
  title: "Page not found",
  description: "This page does not exist, which makes it the most pointless page of all.",
});

export default function NotFoundRoute() {
  return null;
}
