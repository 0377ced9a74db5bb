/**
 * The start-up script of every pre-rendered page. `scripts/build/html.ts` compiles this file,
 * minifies it and puts it into the page in place of React Router's own module script, followed by
 * a call of `boot` with the page's modules. It runs in the browser, alone: it imports only its two
 * sibling files (named below), which import nothing from elsewhere.
 *
 * What it does, and why (each measured; docs/performance.md):
 * - Clicks on buttons before React is live are held, and replayed once it is (`__pointlessLive`,
 *   called by the root layout after hydration): the page looks ready from its first paint, so a
 *   visitor presses the Useless Button before React has attached, and that click must count.
 *   A button the browser works by itself (the menu's, which opens a `popover`) is left alone, and
 *   says whether its popover is open (`aria-expanded`) until React does.
 * - The JavaScript is fetched after the first paint, so it never competes with the document for
 *   the first round trips (Lighthouse counted such bytes against the first paint), and all of it
 *   at once: a `modulepreload` for every module the page needs, so there is one round of requests,
 *   not one per level of imports.
 * - A module that fails to load (a flaky network, a deploy that removed the old files) is tried
 *   again twice; then the page reloads itself, once a minute at most (no loop), and otherwise
 *   says so and offers to try again.
 * - The page's CSS is its own; the site's whole stylesheet is fetched (prefetched, not applied)
 *   once live and idle (app/root.tsx), and switched on when a client navigation needs it, which waits for it
 *   (`__pointlessStyles`). Switched on at live, its style recalculation was a long task on every
 *   page (30-50 ms at 4x CPU, 51 on /emojis/together) for nothing on the page itself.
 * - A page that React Router reloads because the page the visitor was going to could not load (a
 *   deploy removed its old files) goes on to that page (`__pointlessGoing`, told by the shell),
 *   rather than leaving the visitor where they started.
 *
 * Its settings and plan are bootstrap-settings.ts's, its last resort bootstrap-give-up.ts's:
 * html.ts puts both in front of this file, without their imports, as one module.
 */

import { failedForGood } from "./bootstrap-give-up.ts";
import {
  AFTER_FRAME_MS,
  type BootPlan,
  GOING_FOR_MS,
  GOING_KEY,
  PAINT_TIMEOUT_MS,
  RETRIES,
  SCRIPTS_MARK,
  STYLES_GIVE_UP_MS,
} from "./bootstrap-settings.ts";

export function boot(plan: BootPlan): void {
  type Held = {
    __pointlessLive?: () => void;
    __pointlessStyles?: () => Promise<void>;
    __pointlessGoing?: (href: string | null) => void;
    __reactRouterRouteModules?: Record<string, unknown>;
  };
  const page = window as unknown as Held;

  // 0. A reload of a page whose navigation failed: on to where the visitor was going. Session
  // storage is read only on a reload: a page's first use of it waits for the browser to hand it
  // over, a few milliseconds before the first paint for nothing on every other load (issue 55);
  // there the note is cleared after the paint (below).
  let going: { from?: string; to?: string; at?: number } | null = null;
  const forgetGoing = () => {
    try {
      sessionStorage.removeItem(GOING_KEY);
    } catch {
      // No storage: nothing was noted.
    }
  };
  const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
  if (navigation?.type === "reload") {
    try {
      going = JSON.parse(sessionStorage.getItem(GOING_KEY) ?? "null");
    } catch {
      // No storage: the visitor stays on this page.
    }
    forgetGoing();
  }
  if (
    navigation?.type === "reload" &&
    going?.from === location.href &&
    typeof going.to === "string" &&
    new URL(going.to, location.href).origin === location.origin &&
    Date.now() - (going.at ?? 0) < GOING_FOR_MS
  ) {
    document.documentElement.style.visibility = "hidden";
    location.replace(going.to);
    return;
  }
  let goingTo: string | null = null;
  page.__pointlessGoing = (href) => {
    goingTo = href;
  };
  // A link to this site, followed in this tab: known at the click, before React has rendered the
  // navigation it starts (on a busy machine the failed chunk's reload came first). Once it is
  // done, the shell says null; a later reload of the page it led to goes nowhere else.
  addEventListener(
    "click",
    (event) => {
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!(link instanceof HTMLAnchorElement) || event.defaultPrevented) return;
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      if ((link.target && link.target !== "_self") || link.hasAttribute("download")) return;
      if (link.origin === location.origin) goingTo = link.pathname + link.search + link.hash;
    },
    true,
  );
  addEventListener("pagehide", () => {
    if (!goingTo || goingTo === location.pathname + location.search + location.hash) return;
    try {
      sessionStorage.setItem(GOING_KEY, JSON.stringify({ from: location.href, to: goingTo, at: Date.now() }));
    } catch {
      // No storage: the reload stays where it is.
    }
  });

  // 1. Clicks on buttons before React is live.
  const held: { button: Element; init: MouseEventInit }[] = [];
  const hold = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest("button") : null;
    if (!button || button.disabled || button.hasAttribute("popovertarget") || !(event instanceof MouseEvent)) return;
    // React never sees this one: it is replayed, once, when React is live, where it happened
    // (a toy places a shrug at the pointer) and as it happened (detail 0: from the keyboard).
    event.preventDefault();
    event.stopImmediatePropagation();
    const { detail, screenX, screenY, clientX, clientY, ctrlKey, shiftKey, altKey, metaKey } = event;
    held.push({ button, init: { detail, screenX, screenY, clientX, clientY, ctrlKey, shiftKey, altKey, metaKey } });
  };
  addEventListener("click", hold, true);
  // A popover's button says whether it is open (React takes over once live, saying the same).
  addEventListener(
    "toggle",
    (event) => {
      const target = event.target as Element;
      const open = (event as ToggleEvent).newState === "open";
      for (const invoker of document.querySelectorAll(`[popovertarget="${target.id}"]`)) {
        invoker.setAttribute("aria-expanded", String(open));
      }
    },
    true,
  );
  page.__pointlessLive = () => {
    removeEventListener("click", hold, true);
    for (const { button, init } of held.splice(0)) {
      if (!button.isConnected) continue;
      button.dispatchEvent(new MouseEvent("click", { ...init, bubbles: true, cancelable: true, view: window }));
    }
  };

  // 2. The site's whole stylesheet. The page came with the CSS its own code can use
  // (scripts/build/page-css.ts); the whole of it waits in <head> as a disabled link, never fetched
  // while the page loads. Once live it is prefetched (app/root.tsx); a client navigation switches it on,
  // for the page the visitor goes on to, and waits for it (the root's clientMiddleware). It follows
  // the page's CSS and holds the same rules in the same layers: switching it on changes nothing on
  // this page.
  let styles: Promise<void> | undefined;
  page.__pointlessStyles = () => {
    styles ??= new Promise<void>((resolve) => {
      const link = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"][disabled]');
      if (!link) return resolve();
      // A stylesheet that fails, or never answers, holds no navigation for long: the page picked
      // shows, as unstyled as it must be.
      const timer = setTimeout(resolve, STYLES_GIVE_UP_MS);
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      link.addEventListener("load", done, { once: true });
      link.addEventListener("error", done, { once: true });
      link.removeAttribute("disabled");
    });
    return styles;
  };

  // 3. Load everything at once, after the first paint (the modulepreload links below fetch it all
  // in one round), and evaluate it one module after another, each in a task of its own: the shell
  // first, then each route module, then React Router's entry. Evaluated together they were one
  // task of 5-7 ms on this machine, 45-60 ms at Lighthouse's 8x (issue 55).
  const nextTask = () =>
    new Promise<void>((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    });
  const load = async (attempt: number): Promise<void> => {
    try {
      for (const url of plan.first) {
        await import(url);
        await nextTask();
      }
      const routes: Record<string, unknown> = {};
      for (const module of plan.modules) {
        const loaded: unknown = await import(module.url);
        if (module.routeId) routes[module.routeId] = loaded;
        await nextTask();
      }
      page.__reactRouterRouteModules = routes;
      await import(plan.entry);
    } catch {
      // Browsers do not remember a failed module fetch: importing it again fetches it again.
      if (attempt < RETRIES) setTimeout(() => void load(attempt + 1), 500 * (attempt + 1));
      else {
        // 4. For good: the page reloads, or says so (bootstrap-give-up.ts).
        removeEventListener("click", hold, true);
        failedForGood();
      }
    }
  };
  let started = false;
  const go = (why: string) => {
    if (started) return;
    started = true;
    try {
      performance.mark(SCRIPTS_MARK, { detail: why });
    } catch {
      // An old browser without marks: the page starts all the same.
    }
    const preload = (href: string) => {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.append(link);
    };
    // The page's first request sets up its loading (1-7 ms of the main thread here, the others a
    // tenth of a millisecond each): alone in this task, the rest in the next (issue 55).
    const [firstModule, ...otherModules] = plan.preload;
    if (firstModule) preload(firstModule);
    void nextTask().then(() => {
      for (const href of otherModules) preload(href);
      void load(0);
      // The page's first use of localStorage waits for the browser to hand over the site's
      // storage (a round trip to the browser process, 10-100 ms on a busy phone): asked for here,
      // in a task of its own while the scripts download, it is not inside the hydration's effects.
      void nextTask().then(() => {
        try {
          localStorage.length;
        } catch {
          // No storage: the page keeps its counts in memory.
        }
        if (navigation?.type !== "reload") forgetGoing();
      });
    });
  };
  // Start once the page is on screen: when the paint entry says so, or AFTER_FRAME_MS after the
  // first frame (this script sits at the end of the body, so the next frame paints the page), which
  // comes first. Started from the frame's callback alone, the scripts began up to 37 ms before the
  // paint Lighthouse observed in some runs, and it counted them as needed for the paint (`/clap`'s
  // LCP read 0.92 and 1.81 s in two runs of five; issue 46). On a slow phone the paint entry comes
  // late, so the frame's timer bounds what waiting costs. The last timer covers a tab whose frames
  // are held.
  requestAnimationFrame(() => setTimeout(() => go("frame"), AFTER_FRAME_MS));
  new PerformanceObserver((_, observer) => {
    observer.disconnect();
    go("paint");
  }).observe({ type: "paint", buffered: true });
  setTimeout(() => go("timeout"), PAINT_TIMEOUT_MS);
}
