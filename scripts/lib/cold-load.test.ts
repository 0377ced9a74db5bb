import { createServer, type Socket } from "node:net";
import { chromium } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { CHROMIUM_ARGS, findTestChromium } from "../chromium.mjs";
import { coldLoad } from "./cold-load.ts";

/**
 * A page whose module fetches a second one 300 ms after it ran, as the site's pages fetch the
 * channel once live, and a third whose connection is cut. Each answer is written by hand, so the
 * bytes on the wire (status line, headers, body) are known exactly.
 */
const BODIES: Record<string, string> = {
  "/": '<!doctype html><title>t</title><script type="module" src="/a.js"></script>',
  "/a.js": 'window.ready = true; setTimeout(() => { import("/b.js"); import("/cut.js").catch(() => {}); }, 300);',
  "/b.js": "export const b = 1;",
};
const answer = (path: string) => {
  const body = BODIES[path] ?? "";
  const type = path === "/" ? "text/html" : "text/javascript";
  return `HTTP/1.1 200 OK\r\nContent-Type: ${type}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`;
};

const sockets = new Set<Socket>();
const server = createServer((socket) => {
  sockets.add(socket);
  socket.once("data", (request) => {
    const path = request.toString().split(" ")[1] ?? "/";
    if (path === "/cut.js") socket.destroy();
    else socket.end(answer(path));
  });
});
let origin = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address && typeof address === "object") origin = `http://127.0.0.1:${address.port}`;
});
afterAll(() => {
  for (const socket of sockets) socket.destroy();
  server.close();
});

it("counts every script the page downloads until it is quiet, headers and body as transferred", async () => {
  const browser = await chromium.launch({ executablePath: findTestChromium(), args: CHROMIUM_ARGS });
  try {
    const load = await coldLoad(browser, `${origin}/`, () => (window as unknown as { ready?: boolean }).ready === true);
    expect(load.scripts.map((script) => [script.url.slice(origin.length), script.bytes])).toEqual([
      ["/a.js", answer("/a.js").length],
      ["/b.js", answer("/b.js").length],
    ]);
    expect(load.bytes).toBe(answer("/a.js").length + answer("/b.js").length);
    // The script fetched 300 ms after the page ran is in; the one cut off is named.
    expect(load.scripts[1]?.at).toBeGreaterThan(300);
    expect(load.late).toEqual([expect.stringMatching(/\/cut\.js failed: net::ERR_/)]);
    expect(load.settled).toBeGreaterThanOrEqual(load.scripts[1]?.at ?? Number.POSITIVE_INFINITY);
  } finally {
    await browser.close();
  }
}, 30_000);
