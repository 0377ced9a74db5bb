import { data } from "react-router";

/**
 * The catch-all route. Its clientLoader throws a 404 so the root error boundary shows the
 * not-found page; throwing from a loader (not rendering) lets the SPA fallback hydrate without #418.
 * The tab's title then comes from the root's `meta` (see rootMeta).
 */
export function clientLoader(): never {
  throw data(null, { status: 404 });
}

export default function NotFoundRoute() {
  return null;
}
