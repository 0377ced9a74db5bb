import { REQUEST_TIMEOUT_MS } from "../../../contracts/clicks";

/**
 * One request to the site's own API, as the live features make it: JSON in and out, and a
 * deadline, so a server (or a network) that never answers cannot hold a tab's send lock or its
 * spinner for ever. The answer says what a caller needs to decide what to do next.
 */
export type Answer =
  /** The API answered (any status), with its JSON body. */
  | { kind: "json"; status: number; body: unknown; retryAfterMs: number | null }
  /** Something answered, but not the API: a static host's 404 page, a captive portal. */
  | { kind: "not-api"; status: number }
  /** No answer: offline, refused, reset, or too slow. */
  | { kind: "unreachable" };

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
  if (!/application\/json/.test(response.headers.get("content-type") ?? "")) {
    return { kind: "not-api", status: response.status };
  }
  // A body cut off (the connection dropped, or the deadline passed while it arrived) throws:
  // the request is unreachable. A HEAD has none: its answer is the status and headers.
  const body: unknown = head ? null : await response.json();
  const retryAfter = Number(response.headers.get("retry-after"));
  return {
    kind: "json",
    status: response.status,
    body,
    retryAfterMs: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : null,
  };
}

/** Whether `value` is a whole number a counter could hold. */
export const isCount = (value: unknown): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
