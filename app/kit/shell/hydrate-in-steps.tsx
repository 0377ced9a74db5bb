import { Fragment, StrictMode, startTransition, useLayoutEffect, useState } from "react";
import { hydrateRoot } from "react-dom/client";
import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createClientRoutes as createClientRoutes,
  UNSAFE_createRouter as createRouter,
  type DataRouter,
  UNSAFE_decodeViaTurboStream as decodeViaTurboStream,
  UNSAFE_defaultMapRouteProperties as defaultMapRouteProperties,
  UNSAFE_FrameworkContext as FrameworkContext,
  UNSAFE_getTurboStreamSingleFetchDataStrategy as getTurboStreamSingleFetchDataStrategy,
  UNSAFE_hydrationRouteProperties as hydrationRouteProperties,
  UNSAFE_RemixErrorBoundary as RemixErrorBoundary,
  UNSAFE_shouldHydrateRouteLoader as shouldHydrateRouteLoader,
  UNSAFE_useFogOFWarDiscovery as useFogOfWarDiscovery,
} from "react-router";
import { RouterProvider } from "react-router/dom";
import { afterThisTask } from "../lib/next-task";
import { withoutIterationListener } from "./no-iteration-listener";

/** What React Router's pre-rendered page leaves on `window` for its client (its own `HydratedRouter` reads the same). */
interface FrameworkWindow {
  __reactRouterContext: {
    stream?: ReadableStream<Uint8Array>;
    state?: unknown;
    basename?: string;
    ssr: boolean;
    isSpaMode: boolean;
    future: Record<string, unknown>;
    routeDiscovery: { mode: "lazy" | "initial"; manifestPath: string };
  };
  __reactRouterManifest: { routes: Record<string, { hasLoader?: boolean; index?: boolean } | undefined> };
  __reactRouterRouteModules: Record<string, { clientLoader?: unknown; HydrateFallback?: unknown } | undefined>;
  __reactRouterDataRouter?: DataRouter;
}

type Info = Pick<FrameworkWindow, "__reactRouterManifest" | "__reactRouterRouteModules"> & {
  context: FrameworkWindow["__reactRouterContext"];
  router: DataRouter;
};

/**
 * Hydrates the pre-rendered document as React Router's `HydratedRouter` does (react-router 8.4.0,
 * lib/dom-export/hydrated-router.tsx, whose steps and internal functions these are), but each
 * step in a task of its own: decoding the page's state, making the client routes, reading the
 * hydration data (for the routes the page's own script matched: `hydrationDataFor`), making the
 * router, then hydrating. `HydratedRouter` does all but the first while it renders, one unit of React's work
 * that React cannot cut: 9-18 ms of a phone's main thread in one task (70-150 ms at Lighthouse's
 * 8x; docs/performance.md, issue 55). React's own hydration that follows yields every 5 ms (it is
 * started in a transition).
 *
 * Not a library's: no package splits it; React Router's version is pinned exactly, and every
 * route's browser test (e2e/routes.spec.ts) hydrates through this.
 */
export async function hydrateInSteps(): Promise<void> {
  const page = window as unknown as FrameworkWindow;
  const context = page.__reactRouterContext;
  const manifest = page.__reactRouterManifest;
  const routeModules = page.__reactRouterRouteModules;
  await afterThisTask();
  if (context.stream) {
    const stream = context.stream;
    context.stream = undefined;
    context.state = (await decodeViaTurboStream(stream, window)).value;
  }
  await afterThisTask();
  // The router starts with the routes this page matched (the page's own script loaded exactly their
  // modules) and the index route; the site's others join it at the first navigation that needs one.
  // The index is there from the start because React Router asks for more routes only when a path
  // matches none (or only by a parameter), and "/" always matches the root alone: without the
  // index, the way home from any other page would show the root with nothing in it.
  const matched = new Set(
    Object.keys(manifest.routes).filter((id) => id in routeModules || manifest.routes[id]?.index === true),
  );
  const only = (keep: (id: string) => boolean) =>
    Object.fromEntries(Object.entries(manifest.routes).filter(([id]) => keep(id)));
  const clientRoutes = (routes: Record<string, unknown>, parentId?: string) =>
    createClientRoutes(
      routes as never,
      routeModules as never,
      context.state as never,
      context.ssr,
      context.isSpaMode,
      ...((parentId === undefined ? [] : [parentId]) as []),
    );
  const routes = clientRoutes(only((id) => matched.has(id)));
  await afterThisTask();
  // The SPA fallback (an unknown path) has only the root's data, if the root has a loader.
  const spaData = (context.state as { loaderData?: Record<string, unknown> } | undefined)?.loaderData;
  const hydrationData = context.isSpaMode
    ? manifest.routes.root?.hasLoader && spaData && "root" in spaData
      ? { loaderData: { root: spaData.root } }
      : undefined
    : (hydrationDataFor(context.state as HydrationState, Object.keys(routeModules), (routeId) => ({
        clientLoader: routeModules[routeId]?.clientLoader,
        hasLoader: manifest.routes[routeId]?.hasLoader === true,
        hasHydrateFallback: routeModules[routeId]?.HydrateFallback != null,
      })) as never);
  if (window.history.state?.masked) window.history.replaceState({ ...window.history.state, masked: undefined }, "");
  await afterThisTask();
  const router: DataRouter = createRouter({
    routes,
    history: createBrowserHistory(),
    basename: context.basename,
    hydrationData,
    mapRouteProperties: defaultMapRouteProperties,
    hydrationRouteProperties,
    dataStrategy: getTurboStreamSingleFetchDataStrategy(
      () => router,
      manifest as never,
      routeModules as never,
      context.ssr,
    ),
    // React Router asks this when a path matches no route it has, or only a catch-all: every other
    // route of the site joins, once, under the root (the site's routes are all its children).
    patchRoutesOnNavigation: joinTheRest(
      () =>
        clientRoutes(
          only((id) => !matched.has(id)),
          "root",
        ) as never,
    ),
  });
  const info: Info = { context, __reactRouterManifest: manifest, __reactRouterRouteModules: routeModules, router };
  let initialized = false;
  if (router.state.initialized) {
    initialized = true;
    router.initialize();
  }
  page.__reactRouterDataRouter = router;
  await afterThisTask();
  startTransition(() => {
    withoutIterationListener(document, () =>
      hydrateRoot(
        document,
        <StrictMode>
          <Hydrated info={info} initialized={initialized} />
        </StrictMode>,
      ),
    );
  });
}

type PatchArgs = { patch: (routeId: string | null, children: never) => void; signal: AbortSignal };

/**
 * React Router's `patchRoutesOnNavigation` for a router that starts with the page's own routes:
 * the rest join under the root at the first navigation that asks, once. A navigation interrupted
 * before it patched (React Router ignores a patch once its signal is aborted) leaves the next one
 * to do it, so no route is ever missing for the rest of the visit.
 */
export function joinTheRest(rest: () => never): (args: PatchArgs) => void {
  let joined = false;
  return ({ patch, signal }) => {
    if (joined || signal.aborted) return;
    patch("root", rest());
    joined = true;
  };
}

interface HydrationState {
  loaderData?: Record<string, unknown>;
  actionData?: unknown;
  errors?: unknown;
}

/**
 * React Router's `getHydrationData` for a pre-rendered page, given the routes it matched: the page's
 * own script loaded exactly their modules (`__reactRouterRouteModules`, as the bootstrap puts
 * them), so they need not be found again by flattening, ranking and matching every route of the
 * site (which the router does once more when it is made). Each matched route without a loader of
 * its own is hydrated with no data, or, when its client loader must run, without any.
 */
export function hydrationDataFor(
  state: HydrationState,
  matched: readonly string[],
  routeInfo: (routeId: string) => { clientLoader?: unknown; hasLoader: boolean; hasHydrateFallback: boolean },
): HydrationState {
  const loaderData: Record<string, unknown> = { ...state.loaderData };
  for (const routeId of matched) {
    const { clientLoader, hasLoader, hasHydrateFallback } = routeInfo(routeId);
    if (
      shouldHydrateRouteLoader(routeId, clientLoader as never, hasLoader, false) &&
      (hasHydrateFallback || !hasLoader)
    )
      delete loaderData[routeId];
    else if (!hasLoader) loaderData[routeId] = null;
  }
  return { ...state, loaderData };
}

/** `HydratedRouter`'s render, given the router made above. */
function Hydrated({ info, initialized }: { info: Info; initialized: boolean }) {
  const { router, context } = info;
  const [location, setLocation] = useState(router.state.location);
  useLayoutEffect(() => {
    if (!initialized) router.initialize();
  }, [router, initialized]);
  useLayoutEffect(
    () =>
      router.subscribe((state) => {
        if (state.location !== location) setLocation(state.location);
      }),
    [router, location],
  );
  useFogOfWarDiscovery(
    router,
    info.__reactRouterManifest as never,
    info.__reactRouterRouteModules as never,
    context.ssr,
    context.routeDiscovery as never,
    context.isSpaMode,
  );
  // The very shape of HydratedRouter's tree, its empty sibling included: React's useId names an
  // element by its place among siblings, so any other shape would give every id on the page a
  // name the server did not write (a label or a getElementById would then miss its element).
  return (
    <>
      <FrameworkContext.Provider
        value={{
          manifest: info.__reactRouterManifest as never,
          routeModules: info.__reactRouterRouteModules as never,
          future: context.future as never,
          criticalCss: undefined,
          ssr: context.ssr,
          isSpaMode: context.isSpaMode,
          routeDiscovery: context.routeDiscovery as never,
        }}
      >
        <RemixErrorBoundary location={location}>
          <RouterProvider router={router} />
        </RemixErrorBoundary>
      </FrameworkContext.Provider>
      <Fragment />
    </>
  );
}
