import { afterEach, describe, expect, it, vi } from "vitest";
import { MAX_RETRY_AFTER_MS, noServerHere, REQUEST_TIMEOUT_MS, requestJson, retryAfter } from "./request";

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("requestJson", () => {
  it("gives the API's status, body and Retry-After", async () => {
    vi.stubGlobal("fetch", async () => json({ error: "busy" }, 503, { "Retry-After": "5" }));
    expect(await requestJson("/api/x")).toEqual({
      kind: "json",
      status: 503,
      body: { error: "busy" },
      retryAfterMs: 5000,
    });
  });

  it("answers a HEAD with the API's status and Retry-After, and no body to read", async () => {
    vi.stubGlobal(
      "fetch",
      async () =>
        new Response(null, { status: 429, headers: { "Content-Type": "application/json", "Retry-After": "3" } }),
    );
    expect(await requestJson("/api/x", { method: "HEAD" })).toEqual({
      kind: "json",
      status: 429,
      body: null,
      retryAfterMs: 3000,
    });
  });

  it("tells a page that is not the API (a static host's 404) from the API", async () => {
    vi.stubGlobal("fetch", async () => new Response("<h1>Not found</h1>", { status: 404 }));
    const answer = await requestJson("/api/x");
    expect(answer).toEqual({ kind: "not-api", status: 404, retryAfterMs: null });
    expect(noServerHere(answer)).toBe(true);
  });

  it("takes a proxy's error page for a server away for a moment, not for a host without one", async () => {
    for (const status of [500, 502, 503, 504]) {
      vi.stubGlobal(
        "fetch",
        async () =>
          new Response("<html><body><h1>Bad Gateway</h1></body></html>", {
            status,
            headers: { "Content-Type": "text/html", "Retry-After": "30" },
          }),
      );
      const answer = await requestJson("/api/x");
      expect(answer).toEqual({ kind: "not-api", status, retryAfterMs: 30_000 });
      expect(noServerHere(answer)).toBe(false);
    }
    // A captive portal's page, or a firewall's refusal, is not a host without a server either.
    for (const status of [200, 403]) {
      vi.stubGlobal("fetch", async () => new Response("<h1>Log in to the Wi-Fi</h1>", { status }));
      expect(noServerHere(await requestJson("/api/x"))).toBe(false);
    }
    // The API's own 404 (a route it does not have) is the API answering.
    vi.stubGlobal("fetch", async () => json({ error: "There is no such API." }, 404));
    expect(noServerHere(await requestJson("/api/x"))).toBe(false);
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    expect(noServerHere(await requestJson("/api/x"))).toBe(false);
  });

  it("is unreachable when the network fails or the body is cut off", async () => {
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    expect(await requestJson("/api/x")).toEqual({ kind: "unreachable" });
    vi.stubGlobal(
      "fetch",
      async () => new Response('{"total": 1', { headers: { "Content-Type": "application/json" } }),
    );
    expect(await requestJson("/api/x")).toEqual({ kind: "unreachable" });
  });

  it("reads Retry-After in seconds or as a date, within reason", () => {
    const now = Date.parse("2026-11-25T12:00:00Z");
    expect(retryAfter("5", now)).toBe(5000);
    expect(retryAfter(" 120 ", now)).toBe(120_000);
    expect(retryAfter("Wed, 25 Nov 2026 12:00:45 GMT", now)).toBe(45_000);
    expect(retryAfter("86400", now)).toBe(MAX_RETRY_AFTER_MS);
    for (const useless of [null, "", "0", "-5", "soon", "Wed, 25 Nov 2026 11:59:00 GMT", "1e3"]) {
      expect(retryAfter(useless, now)).toBeNull();
    }
  });

  it("gives up on a server that never answers, after its deadline", async () => {
    vi.useFakeTimers();
    let aborted = false;
    vi.stubGlobal(
      "fetch",
      (_: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener("abort", () => {
            aborted = true;
            reject(new DOMException("aborted", "AbortError"));
          });
        }),
    );
    const answer = requestJson("/api/x");
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await answer).toEqual({ kind: "unreachable" });
    expect(aborted).toBe(true);
  });
});
