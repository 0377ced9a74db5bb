import type { Page } from "@playwright/test";

/** A request a page sent on its channel (a pop, a paint, a vote, a batch of claps), and its fields. */
export type Sent = { t: string; n: number } & Record<string, unknown>;

/**
 * What `page` asks of the server on its live channels, whichever server and however many channels:
 * each request it sent, by its number `n` (the page's outbox numbers them across reconnects), the
 * "ok" answers by the same number, and whether its latest channel is open and has had the topic's
 * whole state since it opened (`fresh`: a message of that kind). Set up before the page opens.
 */
export function watchRequests(page: Page, fresh = "") {
  const sent = new Map<number, Sent>();
  const oks = new Map<number, Record<string, unknown>>();
  let latest = { open: false, fresh: false };
  const read = (payload: string | Buffer) => {
    if (typeof payload !== "string") return null;
    const message = JSON.parse(payload) as Record<string, unknown>;
    return typeof message === "object" && message !== null ? message : null;
  };
  page.on("websocket", (ws) => {
    const channel = { open: true, fresh: false };
    latest = channel;
    ws.on("close", () => {
      channel.open = false;
    });
    ws.on("framesent", ({ payload }) => {
      const message = read(payload);
      if (message && typeof message.n === "number" && typeof message.t === "string")
        sent.set(message.n, message as Sent);
    });
    ws.on("framereceived", ({ payload }) => {
      const message = read(payload);
      if (message?.t === "ok" && typeof message.n === "number") oks.set(message.n, message);
      if (message?.t === fresh) channel.fresh = true;
    });
  });
  return {
    sent,
    oks,
    /** The requests the server acknowledged, each with its answer. */
    acked: (): (Sent & { ok: Record<string, unknown> })[] =>
      [...oks].flatMap(([n, ok]) => (sent.has(n) ? [{ ...(sent.get(n) as Sent), ok }] : [])),
    /** The latest channel is open and has the topic's state: the page is live. */
    live: () => latest.open && latest.fresh,
  };
}
