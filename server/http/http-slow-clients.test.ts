import { once } from "node:events";
import { type AddressInfo, connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { siteFiles } from "../static/static.ts";
import { rawExchange } from "../test/raw-http.ts";
import { makeSiteFixture } from "../test/site-fixture.ts";
import { createSiteServer, MAX_PIPELINED, TIMEOUTS } from "./http.ts";

/**
 * Slow and broken clients, against the server in this process with Node's timeouts hurried (the
 * real ones are 10 s and more; server/http/http.test.ts checks the server uses them).
 */
let site: ReturnType<typeof makeSiteFixture>;
beforeAll(() => {
  site = makeSiteFixture();
});
afterAll(() => site.remove());

describe("slow clients and broken requests", () => {
  /** Node's timeout checks, hurried: headers within 300 ms, checked every 50 ms. */
  const quick = { ...TIMEOUTS, headersMs: 300, requestMs: 1000, checkEveryMs: 50 };
  async function listen(files = siteFiles(site.client)) {
    const http = createSiteServer(files, { timeouts: quick });
    await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
    return { http, port: (http.address() as AddressInfo).port };
  }

  it("answers a connection left silent, or stalled inside its headers, with a 408 and closes it", async () => {
    const { http, port } = await listen();
    // A browser's preconnect: opened ahead of time, nothing sent. A 408 tells the browser that sends
    // its request in the instant the server gives up on the connection to send it again.
    const silent = await rawExchange(port, [], { waitMs: 3000 });
    expect(silent.statuses).toEqual([408]);
    expect(silent.text).toContain("HTTP/1.1 408 Request Timeout\r\n");
    expect(silent.closedByServer).toBe(true);
    const stalled = await rawExchange(port, ["GET /hi HTTP/1.1\r\nHost: localhost\r\n"], { waitMs: 3000 });
    expect(stalled.statuses).toEqual([408]);
    expect(stalled.closedByServer).toBe(true);
    http.close();
  });

  it("lets a kept-alive connection rest between requests past the headers timeout", async () => {
    const { http, port } = await listen();
    const get = "GET /hi HTTP/1.1\r\nHost: localhost\r\n\r\n";
    const socket = connect(port, "127.0.0.1");
    let text = "";
    socket.on("data", (data) => {
      text += data.toString("latin1");
    });
    await once(socket, "connect");
    socket.write(get);
    await expect.poll(() => text.match(/HTTP\/1\.1 200/g)?.length ?? 0).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, quick.headersMs * 3));
    socket.write(get);
    await expect.poll(() => text.match(/HTTP\/1\.1 \d{3}/g)).toEqual(["HTTP/1.1 200", "HTTP/1.1 200"]);
    socket.destroy();
    http.close();
  });

  it("never writes a status line into a response under way when the next request is unreadable", async () => {
    // A page sent in two parts, 300 ms apart; garbage arrives on the connection between them.
    const files = siteFiles(site.client);
    const { http, port } = await listen({
      ...files,
      serve: (_req, res) => {
        res.writeHead(200, { "Content-Length": "8" });
        res.write("part");
        setTimeout(() => res.end("rest"), 300);
      },
    });
    const socket = connect(port, "127.0.0.1");
    let text = "";
    socket.on("data", (data) => {
      if (!text) socket.write("GARBAGE\r\n\r\n");
      text += data.toString("latin1");
    });
    // Closed with a reset is closed too (what matters is what was written before it).
    socket.on("error", () => {});
    socket.write("GET /hi HTTP/1.1\r\nHost: localhost\r\n\r\n");
    await new Promise((resolve) => socket.once("close", resolve));
    expect(text).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(text).toMatch(/\r\n\r\npart$/);
    http.close();
  });

  it("closes a connection that piles up requests without reading the answers, and serves the next", async () => {
    // Thousands of requests in one write: each would hold a response and an open file until read.
    const files = siteFiles(site.client);
    let open = 0;
    let most = 0;
    const { http, port } = await listen({
      ...files,
      serve: (req, res, pathname) => {
        most = Math.max(most, ++open);
        res.once("close", () => open--);
        files.serve(req, res, pathname);
      },
    });
    const flood = await rawExchange(port, ["GET /hi HTTP/1.1\r\nHost: localhost\r\n\r\n".repeat(5000)], {
      waitMs: 5000,
    });
    expect(flood.closedByServer || flood.error !== null).toBe(true);
    expect(most).toBeLessThanOrEqual(MAX_PIPELINED);
    await expect.poll(() => open).toBe(0);
    const next = await rawExchange(port, ["GET /hi HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"]);
    expect(next.statuses).toEqual([200]);
    http.close();
  });
});
