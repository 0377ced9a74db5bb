import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { allPages, routeFile } from "./toys/registry";

// Generated from the registry: this file never lists a toy by hand.
const pageRoutes = allPages.flatMap((entry) => [
  entry.path === "/" ? index(routeFile(entry)) : route(entry.path, routeFile(entry)),
  ...(entry.subRoutes ?? []).map((sub) => route(sub.path, routeFile(entry, sub.file), sub.id ? { id: sub.id } : {})),
]);

export default [...pageRoutes, route("*", "kit/shell/not-found-route.tsx")] satisfies RouteConfig;
