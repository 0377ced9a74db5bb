import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { APIResponse, Page, Route } from "@playwright/test";

/**
 * Lighthouse's mobile conditions, applied for real through Chromium's emulation: 150 ms round
 * trips, 1.6 Mbps down, 750 kbps up, a CPU four times slower.
 */
export async function throttleLikeAPhone(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: (1638.4 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
}

/** The site's shared chunk: every page needs it before it is live. */
export const SHELL_CHUNK = /\/assets\/shell-[\w-]+\.js$/;

/** Holds the page's shared chunk (so React cannot start) until the returned function is called. */
export async function holdShellChunk(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(SHELL_CHUNK, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * A route handler for requests the page may give up while they are handled (a reload, a page
 * closed, the test over while the page still prefetches a link): its fetched response is disposed
 * under it, or the page or the test is gone; nobody waits for that answer any more. Every other
 * failure is the test's.
 */
function abandonable(handle: (route: Route) => Promise<void>): (route: Route) => Promise<void> {
  return (route) =>
    handle(route).catch((error: unknown) => {
      if (!/has been disposed|has been closed|Target closed|Test ended/i.test(String(error))) throw error;
    });
}

/**
 * Simulates a deploy while the tab is open, on a host that keeps no old files and with no service
 * worker in control: from now on every old chunk answers 404, and pages name a new build, whose
 * files live under /assets/next/ (the same files, their references rewritten to the new names).
 */
export async function deployNextBuild(page: Page): Promise<void> {
  const rename = (text: string) => text.replaceAll("/assets/", "/assets/next/");
  // The body is sent decoded and rewritten: the original length and encoding no longer apply.
  const headersOf = (response: APIResponse) => {
    const { "content-encoding": _, "content-length": __, "content-security-policy": ___, ...rest } = response.headers();
    return rest;
  };
  await page.route(
    (url) => url.pathname.startsWith("/assets/"),
    abandonable(async (route: Route) => {
      const url = new URL(route.request().url());
      if (!url.pathname.startsWith("/assets/next/")) return route.fulfill({ status: 404, body: "Not found" });
      const response = await route.fetch({ url: `${url.origin}${url.pathname.replace("/assets/next/", "/assets/")}` });
      const isScript = url.pathname.endsWith(".js");
      const body = isScript ? rename(await response.text()) : await response.body();
      return route.fulfill({ status: response.status(), headers: headersOf(response), body });
    }),
  );
  // A new build's pages come with their own policy; here the rewritten inline script would no longer
  // match the old page's hashes, so the simulated pages are sent without one.
  await page.route(
    (url) => !url.pathname.startsWith("/assets/") && !/\.\w+$/.test(url.pathname),
    abandonable(async (route: Route) => {
      if (route.request().resourceType() !== "document") return route.continue();
      const response = await route.fetch();
      const html = rename(await response.text()).replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, "");
      return route.fulfill({ status: response.status(), headers: headersOf(response), body: html });
    }),
  );
  // A page Playwright fulfilled has no network address of its own, so Chromium's Local Network
  // Access checks refuse its WebSocket to localhost unless the visitor allowed that (a real
  // deploy's page comes from the server itself, and needs nothing).
  await page.context().grantPermissions(["local-network-access"]);
}

/**
 * A server on a loopback port of its own that answers `path` with the HTML `origin` serves for it,
 * in two parts `pauseMs` apart, cut after the first `cutAfter` it holds (as a slow network or a
 * busy server delivers a page). Any other request is answered with what a GET of it from `origin`
 * gives, its status, body and content type only: enough for a page's files, not for a form, a
 * redirect or a live channel. Its address is named `localhost`, the one name the test browser
 * resolves (e2e/chromium-args.ts). Returns its origin and how to stop it.
 */
export async function serveHtmlInTwoParts(
  origin: string,
  path: string,
  cutAfter: string,
  pauseMs: number,
): Promise<{ origin: string; close: () => Promise<void> }> {
  const page = await fetch(origin + path);
  if (!page.ok) throw new Error(`${origin}${path} answered ${page.status}`);
  const html = await page.text();
  const cut = html.indexOf(cutAfter);
  if (cut < 0) throw new Error(`${path}'s HTML has no "${cutAfter}"`);
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((request, response) => {
    if (request.url === path) {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      response.write(html.slice(0, cut + cutAfter.length));
      const timer = setTimeout(() => response.end(html.slice(cut + cutAfter.length)), pauseMs);
      timers.add(timer);
      return;
    }
    fetch(origin + request.url)
      .then(async (answer) => {
        response.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "" });
        response.end(Buffer.from(await answer.arrayBuffer()));
      })
      .catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://localhost:${port}`,
    close: () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
