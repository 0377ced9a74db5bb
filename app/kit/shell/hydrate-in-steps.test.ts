import {
  UNSAFE_createClientRoutes as createClientRoutes,
  UNSAFE_getHydrationData as getHydrationData,
} from "react-router";
import { expect, it } from "vitest";
import { hydrationDataFor, joinTheRest } from "./hydrate-in-steps";

/** A site shaped as this one: a root, pages, a blog with a client loader for unknown articles, a catch-all. */
const manifest = {
  root: { id: "root", path: "", hasLoader: false },
  "toys/a/route": { id: "toys/a/route", parentId: "root", path: "a", hasLoader: false },
  "toys/b/route": { id: "toys/b/route", parentId: "root", path: "b", hasLoader: false },
  "pages/blog/article": { id: "pages/blog/article", parentId: "root", path: "blog/:slug", hasLoader: false },
  "shell/not-found": { id: "shell/not-found", parentId: "root", path: "*", hasLoader: false },
} as Record<string, { id: string; parentId?: string; path: string; hasLoader: boolean }>;
const Page = () => null;
const modules: Record<string, { default: () => null; clientLoader?: () => null; HydrateFallback?: () => null }> = {
  root: { default: Page, HydrateFallback: Page },
  "toys/a/route": { default: Page },
  "toys/b/route": { default: Page },
  "pages/blog/article": { default: Page, clientLoader: () => null },
  "shell/not-found": { default: Page, clientLoader: () => null },
};
const info = (routeId: string) => ({
  clientLoader: modules[routeId]?.clientLoader,
  hasLoader: manifest[routeId]?.hasLoader === true,
  hasHydrateFallback: modules[routeId]?.HydrateFallback != null,
});
const state = { loaderData: {}, actionData: null, errors: null };

it.each([
  ["/a", ["root", "toys/a/route"]],
  ["/b", ["root", "toys/b/route"]],
  ["/blog/some-article", ["root", "pages/blog/article"]],
  ["/nowhere", ["root", "shell/not-found"]],
])("for %s, given the routes the page matched, is React Router's own hydration data", (path, matched) => {
  const routes = createClientRoutes(manifest as never, modules as never, state as never, false, false);
  const theirs = getHydrationData({
    state: state as never,
    routes,
    getRouteInfo: info as never,
    location: new URL(path, "http://site.test") as never,
    basename: "/",
    future: {} as never,
    isSpaMode: false,
  });
  expect(hydrationDataFor(state, matched, info)).toEqual(theirs);
});

it("the site's other routes join once, and again after a navigation interrupted before they did", () => {
  const patched: string[] = [];
  const join = joinTheRest(() => [] as never);
  const patch = (routeId: string | null) => void patched.push(String(routeId));
  const aborted = new AbortController();
  aborted.abort();
  join({ patch, signal: aborted.signal });
  expect(patched).toEqual([]);
  join({ patch, signal: new AbortController().signal });
  join({ patch, signal: new AbortController().signal });
  expect(patched).toEqual(["root"]);
});
