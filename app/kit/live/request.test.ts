import { afterEach, describe, expect, it, vi } from "vitest";
import { REQUEST_TIMEOUT_MS } from "../../../contracts/clicks";
import { requestJson } from "./request";

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
    expect(await requestJson("/api/x")).toEqual({ kind: "not-api", status: 404 });
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
