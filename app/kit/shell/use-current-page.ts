import { useContext } from "react";
import { UNSAFE_FrameworkContext, useMatches } from "react-router";
import { useHydrated } from "../hooks/use-hydrated";
import type { PageHandle } from "../lib/meta";

/**
 * The registry data of the page on screen, from the deepest matched route's `handle`. The SPA
 * fallback (served for every unknown path) is rendered at build time for "/", so until it has
 * hydrated it must not depend on the matched route: React Router itself treats it the same way.
 */
export function useCurrentPage(): PageHandle["page"] | undefined {
  const matches = useMatches();
  const spaFallback = useContext(UNSAFE_FrameworkContext)?.isSpaMode ?? false;
  // Pre-rendered pages know their route from the first render: only the fallback waits, so the
  // shell (header, footer, toasts) is not rendered a second time right after every hydration.
  const routeKnown = useHydrated(spaFallback);
  if (!routeKnown) return undefined;
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as Partial<PageHandle> | undefined;
    if (handle?.page) return handle.page;
  }
  return undefined;
}
