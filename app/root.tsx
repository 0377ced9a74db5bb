import { type ReactNode, useEffect } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import "./app.css";
import { useHydrated } from "./kit/hooks/use-hydrated";
import { site } from "./kit/lib/site";
import { registerServiceWorker } from "./kit/pwa/service-worker";
import { SiteHeader } from "./kit/shell/site-header";
import { onceSiteMap } from "./kit/shell/site-map";
import { ShellFrame, SiteShell } from "./kit/shell/site-shell";

// The registry (every page's label and path) is only needed by the menu and "Surprise me",
// so it is a separate chunk, fetched when the visitor shows intent.
const loadSiteMap = onceSiteMap(() => import("./toys/registry"));

export function Layout({ children }: { children: ReactNode }) {
  // ScrollRestoration's inline script throws where sessionStorage is blocked; after hydration it
  // only restores scroll positions, safely.
  const hydrated = useHydrated();
  useEffect(() => {
    // A marker for browser tests and the benchmark: the page is interactive.
    document.documentElement.dataset.hydrated = "true";
    // The dev server has no sw.js: only the production build works offline.
    if (import.meta.env.PROD) registerServiceWorker();
  }, []);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#7e22ce" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
        <link rel="manifest" href="/manifest.webmanifest" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh bg-purple-700 font-sans text-slate-900 antialiased">
        {children}
        {hydrated ? <ScrollRestoration /> : null}
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <SiteShell loadSiteMap={loadSiteMap}>
      <Outlet />
    </SiteShell>
  );
}

/**
 * What the SPA fallback (unknown paths) shows until the app takes over. It must not depend on the
 * URL: the same HTML is served for every unknown path.
 */
export function HydrateFallback() {
  return (
    <ShellFrame
      background={site.defaultBackground}
      header={<SiteHeader loadSiteMap={loadSiteMap} currentPath={null} />}
    >
      {null}
    </ShellFrame>
  );
}

/** Only reached if the shell itself fails; page errors are caught inside the layout (page-frame.tsx). */
export function ErrorBoundary() {
  return (
    <main className="grid min-h-dvh place-items-center bg-purple-800 p-8 text-center text-white">
      <div>
        <h1 className="text-3xl font-black">Everything broke. Even the nothing.</h1>
        <p className="mt-4">
          <a className="underline" href="/">
            Start again from the Useless Button
          </a>
        </p>
      </div>
    </main>
  );
}
