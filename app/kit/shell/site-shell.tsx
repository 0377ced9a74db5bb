import { type ReactNode, useEffect, useRef } from "react";
import { useLocation, useNavigation, useNavigationType } from "react-router";
import { cn } from "../lib/cn";
import { onFirstIntent } from "../lib/first-intent";
import { site } from "../lib/site";
import { Toaster } from "../ui/toast/toaster";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import { useCurrentPage } from "./use-current-page";
import { usePageLinks } from "./use-page-links";

const INITIAL_KEY = "default";

interface SiteShellProps {
  children: ReactNode;
}

/**
 * Header, the page's own background, the animated main area, footer and the toast outlet around
 * every page. Rendered by the root layout, so it stays on screen for errors and the not-found page.
 */
export function SiteShell({ children }: SiteShellProps) {
  const location = useLocation();
  const page = useCurrentPage();
  // Only client-side navigations animate: the first paint of a pre-rendered page stays instant.
  // React Router gives the document's own location the key "default"; every navigation a new one.
  const navigated = location.key !== INITIAL_KEY;
  const main = useRef<HTMLElement>(null);
  const navigationType = useNavigationType();
  const pending = useNavigation().location;
  usePageLinks();

  // Where the visitor is going, for the bootstrap (scripts/build/bootstrap.ts): if the page cannot
  // load (a deploy removed its old files), React Router reloads this one, and the bootstrap goes
  // on to that page instead. Arrived (a new location), they are going nowhere: the bootstrap also
  // notes a link's target at the click, which a navigation too quick to render pending leaves.
  // biome-ignore lint/correctness/useExhaustiveDependencies: also on each arrival (a new key)
  useEffect(() => {
    window.__pointlessGoing?.(pending ? pending.pathname + pending.search + pending.hash : null);
  }, [pending, location.key]);

  // The time-wasted clock starts with the visitor's first press: its own small chunk, fetched then,
  // so no page pays for it on a cold load.
  useEffect(
    () =>
      onFirstIntent(() => {
        import("../lib/time-tracker").then(
          (tracker) => tracker.startTimeTracker(),
          () => {}, // offline or a new deploy: this visit goes uncounted, nothing breaks
        );
      }),
    [],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per navigation
  useEffect(() => {
    if (!navigated) return;
    // A new page starts at the top (Back and Forward keep the browser's own scroll restoration;
    // React Router's ScrollRestoration would cost 1 KB of first-load JavaScript for the same).
    if (navigationType !== "POP") window.scrollTo(0, 0);
    // Move focus to the new page so keyboard and screen reader users start there.
    main.current?.focus({ preventScroll: true });
  }, [location.key]);

  return (
    <div
      data-page-frame=""
      className="flex min-h-dvh flex-col bg-purple-800"
      style={{ backgroundImage: page?.background ?? site.defaultBackground }}
    >
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <SiteHeader currentPath={page?.path ?? null} />
      <main id="main" ref={main} tabIndex={-1} className="flex flex-1 flex-col pt-14 outline-none">
        <div key={location.pathname} className={cn("flex flex-1 flex-col", navigated && "page-enter")}>
          {children}
        </div>
      </main>
      <SiteFooter />
      <Toaster />
    </div>
  );
}
