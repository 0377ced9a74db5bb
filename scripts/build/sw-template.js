// The service worker, written into build/client/sw.js by scripts/postbuild.ts, which replaces
// self.__PRECACHE with every pre-rendered page and asset of the build and their revisions.
// After one visit the whole site works offline; a new build installs in the background and waits
// until the visitor accepts it (the page shows a toast), so a page never changes under their hands.
/* eslint-env serviceworker */
const PRECACHE = self.__PRECACHE;
const VERSION = self.__VERSION;
const CACHE = `pointless-${VERSION}`;
const FALLBACK = "/__spa-fallback.html";

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      Promise.all(
        PRECACHE.map(async ({ url }) => {
          // Hashed assets may come from the HTTP cache; pages must be fresh.
          const request = new Request(url, { cache: url.startsWith("/assets/") ? "default" : "reload" });
          const response = await fetch(request);
          if (!response.ok && url !== FALLBACK) throw new Error(`precache failed: ${url} ${response.status}`);
          await cache.put(url, response);
        }),
      ),
    ),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((key) => key.startsWith("pointless-") && key !== CACHE).map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("message", (event) => {
  if (event.data?.type === "SKIP_WAITING") self.skipWaiting();
});

/** "/hi/" and "/hi" are the same page. */
function pageKey(pathname) {
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  // The API and the live channel are the network's: never from the cache, never held here.
  if (url.pathname.startsWith("/api/") || url.pathname === "/healthz" || url.pathname === "/readyz") return;

  if (request.mode === "navigate") {
    event.respondWith(
      (async () => {
        const cache = await caches.open(CACHE);
        const page = await cache.match(pageKey(url.pathname), { ignoreSearch: true });
        if (page) return page;
        try {
          return await fetch(request);
        } catch {
          // Offline on a path the site does not have: the app shows its not-found page.
          return (await cache.match(FALLBACK)) ?? Response.error();
        }
      })(),
    );
    return;
  }

  event.respondWith(caches.open(CACHE).then(async (cache) => (await cache.match(url.pathname)) ?? fetch(request)));
});
