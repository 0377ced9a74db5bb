import { lazy, type ReactNode, Suspense, useEffect } from "react";
import { Links, Meta, Outlet, Scripts } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { markHydrated } from "./kit/hooks/use-client-value";
import { rootMeta } from "./kit/lib/meta";
import { whenIdle } from "./kit/lib/next-task";
import { registerServiceWorker } from "./kit/pwa/service-worker";
import { PAGE_END_ID } from "./kit/shell/site-footer";
import { SiteShell } from "./kit/shell/site-shell";

export const meta = rootMeta;

const MANIFEST = "/manifest.webmanifest";

/**
 * A client navigation shows the next page once the site's whole stylesheet is in: each page came
 * with its own CSS only (scripts/build/bootstrap.ts prefetches the rest once live; this switches it on).
 */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [() => window.__pointlessStyles?.()];

/** The document and the site shell around every page, its error and its hydration fallback. */
export function Layout({ children }: { children: ReactNode }) {
  useEffect(() => {
    // A marker for browser tests and the benchmark: the page is interactive.
    document.documentElement.dataset.hydrated = "true";
    markHydrated();
    // Clicks the visitor made before now were held by the bootstrap (scripts/build/bootstrap.ts):
    // they happen now, once.
    window.__pointlessLive?.();
    // What a first press does not need waits until the page is idle, each in a task of its own
    // (issue 55: in the hydration's effects they made one task of 100-120 ms at 8x CPU).
    // The dev server has no sw.js: only the production build works offline. Registering waits
    // for the page's load event; the few lines travel with the kit, not as a request of their own.
    const cancelWorker = import.meta.env.PROD ? whenIdle(registerServiceWorker) : undefined;
    // The web app manifest, once live. Named in the HTML, it was fetched while the page was being
    // painted, and with it an icon it lists; Lighthouse counted both as needed for the paint, and
    // its LCP read 0.75, 0.90 or 1.05 s by run (issue 46). Installing needs it only later.
    const cancelManifest = whenIdle(() => {
      if (document.querySelector('link[rel="manifest"]')) return;
      document.head.append(Object.assign(document.createElement("link"), { rel: "manifest", href: MANIFEST }));
    });
    // The site's whole stylesheet into the cache, so that a client navigation switches it on
    // without waiting for the network (scripts/build/bootstrap.ts, `__pointlessStyles`).
    const cancelStyles = whenIdle(() => {
      const whole = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"][disabled]');
      if (whole)
        document.head.append(
          Object.assign(document.createElement("link"), { rel: "prefetch", as: "style", href: whole.href }),
        );
    });
    return () => {
      cancelWorker?.();
      cancelManifest();
      cancelStyles();
    };
  }, []);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#7e22ce" />
        {/* The tab's icon is written into the built pages as a data: URL (scripts/build/html.ts),
            fetched by nobody: a request for it (or, without one, for /favicon.ico) came while the
            page was being painted, and Lighthouse counted it as needed for the paint. */}
        {import.meta.env.DEV ? <link rel="icon" href="/favicon.svg" type="image/svg+xml" /> : null}
        <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
        {/* No frame of a half-parsed page: a paint between two chunks of the HTML showed the header
            without its Menu button, then moved the Surprise button over (a layout shift, 1 load in
            5 at 4x CPU). The browser paints once the footer's last element is parsed (or the
            document is). */}
        <link rel="expect" href={`#${PAGE_END_ID}`} {...{ blocking: "render" }} />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh bg-purple-700 font-sans text-slate-900 antialiased">
        <SiteShell>{children}</SiteShell>
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** While an unknown path hydrates, the layout's shell shows with an empty page. */
export function HydrateFallback() {
  return null;
}

// Errors are rare (the not-found page is the common one): their page is a separate chunk.
const PageError = lazy(() => import("./kit/shell/page-error"));

/** Page errors (a missing page, a toy that crashes) show inside the layout, menu included. */
export function ErrorBoundary() {
  return (
    <Suspense fallback={null}>
      <PageError />
    </Suspense>
  );
}
