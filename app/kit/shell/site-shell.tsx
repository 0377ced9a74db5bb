import { type ReactNode, type Ref, useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { cn } from "../lib/cn";
import { site } from "../lib/site";
import { Toaster } from "../ui/toast/toaster";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import type { LoadSiteMap } from "./site-map";
import { useCurrentPage } from "./use-current-page";

interface SiteShellProps {
  loadSiteMap: LoadSiteMap;
  children: ReactNode;
}

/** Header, background, animated main area, footer and the toast outlet around every page. */
export function SiteShell({ loadSiteMap, children }: SiteShellProps) {
  const location = useLocation();
  const page = useCurrentPage();
  // Only client-side navigations animate: the first paint of a pre-rendered page stays instant.
  const firstKey = useRef(location.key);
  const navigated = location.key !== firstKey.current;
  const main = useRef<HTMLElement>(null);

  useEffect(() => {
    // Move focus to the new page so keyboard and screen reader users start there.
    if (location.key !== firstKey.current) main.current?.focus({ preventScroll: true });
  }, [location.key]);

  return (
    <ShellFrame
      background={page?.background ?? site.defaultBackground}
      header={<SiteHeader loadSiteMap={loadSiteMap} currentPath={page?.path ?? null} />}
      mainRef={main}
    >
      <div key={location.pathname} className={cn("flex flex-1 flex-col", navigated && "page-enter")}>
        {children}
      </div>
    </ShellFrame>
  );
}

interface ShellFrameProps {
  background: string;
  header: ReactNode;
  mainRef?: Ref<HTMLElement>;
  children: ReactNode;
}

/** The page frame without routing knowledge: also used while an unknown path hydrates. */
export function ShellFrame({ background, header, mainRef, children }: ShellFrameProps) {
  return (
    <div className={cn("flex min-h-dvh flex-col", background)}>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-3 py-2 text-purple-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      {header}
      <main id="main" ref={mainRef} tabIndex={-1} className="flex flex-1 flex-col pt-14 outline-none">
        {children}
      </main>
      <SiteFooter />
      <Toaster />
    </div>
  );
}
