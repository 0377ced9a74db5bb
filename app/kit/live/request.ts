/** A request the page gives up on: the server answers a stalled store with 503 well before this. */
export const REQUEST_TIMEOUT_MS = 8000;

/**
 * One request to the site's own API, as the live features make it: JSON in and out, and a
 * deadline, so a server (or a network) that never answers cannot hold a tab's send lock or its
 * spinner for ever. The answer says what a caller needs to decide what to do next.
 */
export type Answer =
  /** The API answered (any status), with its JSON body. */
  | { kind: "json"; status: number; body: unknown; retryAfterMs: number | null }
  /**
   * Something answered, but not the API: a static host's 404 page, a proxy's 502 or 504 page while
   * the server is replaced, a captive portal. Only `noServerHere` says which of them means there is
   * no server at all.
   */
  | { kind: "not-api"; status: number; retryAfterMs: number | null }
  /** No answer: offline, refused, reset, or too slow. */
  | { kind: "unreachable" };

/**
 * Whether an answer means this host has no API at all (a static host: its 404 page), rather than a
 * server away for a moment. A proxy's error page (502, 503, 504 during a deploy) or any other page
 * that is not the API (a captive portal's) is the second: what waits is sent again later, and the
 * page keeps what it last heard from the server. The one place that decides it, for every live
 * feature.
 */
export const noServerHere = (answer: Answer): boolean => answer.kind === "not-api" && answer.status === 404;

export async function requestJson(
  url: string,
  init: RequestInit = {},
  timeoutMs = REQUEST_TIMEOUT_MS,
): Promise<Answer> {
  // A timer of the page's own (not AbortSignal.timeout), so it also stops with the page's clock.
  const controller = typeof AbortController === "undefined" ? undefined : new AbortController();
  const timer = setTimeout(() => controller?.abort(), timeoutMs);
  try {
    return await answerOf(
      init.method === "HEAD",
      await fetch(url, {
        ...init,
        headers: { Accept: "application/json", ...init.headers },
        signal: controller?.signal,
      }),
    );
  } catch {
    return { kind: "unreachable" };
  } finally {
    clearTimeout(timer);
  }
}

async function answerOf(head: boolean, response: Response): Promise<Answer> {
  const retryAfterMs = retryAfter(response.headers.get("retry-after"));
  if (!/application\/json/.test(response.headers.get("content-type") ?? "")) {
    return { kind: "not-api", status: response.status, retryAfterMs };
  }
  // A body cut off (the connection dropped, or the deadline passed while it arrived) throws:
  // the request is unreachable. A HEAD has none: its answer is the status and headers.
  const body: unknown = head ? null : await response.json();
  return { kind: "json", status: response.status, body, retryAfterMs };
}

/**
 * The longest Retry-After taken as given: a proxy's mistake should not silence a page for a day
 * (and a browser timer longer than about 24 days fires at once).
 */
export const MAX_RETRY_AFTER_MS = 10 * 60_000;

/**
 * A Retry-After header in milliseconds from now: seconds (what this server sends), or an HTTP date
 * (what some proxies send); null when absent, unreadable or already past.
 */
export function retryAfter(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const text = header.trim();
  const ms = /^\d{1,12}$/.test(text) ? Number(text) * 1000 : Date.parse(text) - now;
  return Number.isFinite(ms) && ms > 0 ? Math.min(ms, MAX_RETRY_AFTER_MS) : null;
}
