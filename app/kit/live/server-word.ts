// No imports: Node runs this file as it is for the reconnect storm (scripts/lib/page-channels.ts,
// through channel.ts).

/**
 * What the server says to a page about when to come back, read as a page must read what any
 * server sends: a channel message's fields, a wait it asks for kept within bounds, and the waits
 * when a busy server says none.
 */

/** The wait after a busy answer (a channel's busy close, an HTTP 503 or 429) that names none. */
export const BUSY_WITHOUT_WORD_MS = 10_000;
/**
 * The waits a busy server is taken at its word for: at least a second (a server that says "now"
 * again and again must not be asked in a loop), at most ten minutes (a mistake should not silence
 * a page for a day).
 */
export const MIN_BUSY_MS = 1000;
export const MAX_BUSY_MS = 10 * 60_000;

/** A channel message's fields, or null when it cannot be read. */
export function fieldsOf(text: string): Record<string, unknown> | null {
  try {
    const message: unknown = JSON.parse(text);
    return typeof message === "object" && message !== null ? (message as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A wait the server asked for, in ms, kept within [0, max]; null when it is not a number. */
export function askedWait(value: unknown, max: number): number | null {
  const ms = Number(value);
  return typeof value === "number" && Number.isFinite(ms) ? Math.min(Math.max(ms, 0), max) : null;
}
