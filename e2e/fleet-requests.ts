import type { BrowserContext, Page } from "@playwright/test";

/** What the page itself does with its channels, as it does it, for watchRequests' story (prefix of its console lines). */
const PAGE_SAYS = "[channel in the page]";

/**
 * Has every page of `context` say on its console when it creates, opens and closes a WebSocket:
 * the browser's own events (watchRequests) come only once a handshake is sent, so a channel the
 * page asked for and the browser held back would otherwise not be in a failure's story.
 */
export async function tellChannels(context: BrowserContext): Promise<void> {
  await context.addInitScript((says) => {
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        console.debug(`${says} created`);
        this.addEventListener("open", () => console.debug(`${says} opened`));
        this.addEventListener("close", (event) => console.debug(`${says} closed (${event.code})`));
      }
    };
  }, PAGE_SAYS);
}

/** A request a page sent on its channel (a pop, a paint, a vote, a batch of claps), and its fields. */
export type Sent = { t: string; n: number } & Record<string, unknown>;

/**
 * What `page` asks of the server on its live channels, whichever server and however many channels:
 * every request it sent, and each one a server answered "ok" with that answer (a request and its
 * answer are matched by their number `n` on the channel that carried both, whatever the page's
 * numbering across channels), and whether its latest channel is open and has had the topic's
 * whole state since it opened (a message of kind `fresh`). Set up before the page opens.
 */
export function watchRequests(page: Page, fresh = "") {
  const channels: { sent: Map<number, Sent>; oks: Map<number, Record<string, unknown>> }[] = [];
  let latest = { open: false, fresh: false };
  /** What happened to the page's channels and when (ms since the watch began), for a failure's message. */
  const story: string[] = [];
  const began = Date.now();
  const tell = (what: string) => story.push(`${Date.now() - began} ms: ${what}`);
  const read = (payload: string | Buffer) => {
    if (typeof payload !== "string") return null;
    const message = JSON.parse(payload) as Record<string, unknown>;
    return typeof message === "object" && message !== null ? message : null;
  };
  page.on("console", (message) => {
    if (message.text().startsWith(PAGE_SAYS)) tell(`the page: ${message.text().slice(PAGE_SAYS.length + 1)}`);
  });
  page.on("websocket", (ws) => {
    const channel = { sent: new Map<number, Sent>(), oks: new Map<number, Record<string, unknown>>() };
    channels.push(channel);
    const state = { open: true, fresh: false };
    latest = state;
    const k = channels.length;
    tell(`channel ${k} asked for`);
    ws.on("socketerror", (error) => tell(`channel ${k} failed: ${error}`));
    ws.on("close", () => {
      state.open = false;
      tell(`channel ${k} closed`);
    });
    ws.on("framesent", ({ payload }) => {
      const message = read(payload);
      if (message && typeof message.n === "number" && typeof message.t === "string") {
        channel.sent.set(message.n, message as Sent);
      }
    });
    ws.on("framereceived", ({ payload }) => {
      const message = read(payload);
      if (message?.t === "ok" && typeof message.n === "number") channel.oks.set(message.n, message);
      if (message?.t === fresh && !state.fresh) tell(`channel ${k} fresh`);
      if (message?.t === fresh) state.fresh = true;
      if (message?.t === "bye" || message?.t === "joined" || message?.t === "busy") tell(`channel ${k}: ${message.t}`);
      // A refusal: what waits and goes again (with retryMs), or is given back.
      if (message?.t === "no")
        tell(`channel ${k}: no to ${message.n} (${message.error}, retry ${message.retryMs ?? "never"})`);
    });
  });
  return {
    /** Every request sent, on every channel (a request sent again after a reconnect is here twice). */
    sent: (): Sent[] => channels.flatMap((channel) => [...channel.sent.values()]),
    /** The requests a server acknowledged, each with its answer. */
    acked: (): (Sent & { ok: Record<string, unknown> })[] =>
      channels.flatMap(({ sent, oks }) =>
        [...oks].flatMap(([n, ok]) => (sent.has(n) ? [{ ...(sent.get(n) as Sent), ok }] : [])),
      ),
    /** The latest channel is open and has the topic's state: the page is live. */
    live: () => latest.open && latest.fresh,
    /**
     * Each channel's story: asked for, joined, fresh, told goodbye, busy or no, closed; with `marks`
     * (moments of the test's own, by Date.now()) in their places, the latest 20 lines. Times are ms
     * since the watch began.
     */
    story: (marks: Record<string, number> = {}) => {
      const marked = Object.entries(marks).map(([what, at]) => ({ at: at - began, line: `${at - began} ms: ${what}` }));
      const lines = story.map((line) => ({ at: Number.parseInt(line, 10), line }));
      const told = [...lines, ...marked].sort((a, b) => a.at - b.at).map(({ line }) => line);
      // The latest lines: a failure's summary keeps 30 lines of it (scripts/test.ts).
      const shown = told.slice(-20);
      return [...(told.length > shown.length ? [`(${told.length - shown.length} earlier lines)`] : []), ...shown].join(
        "\n",
      );
    },
  };
}

export type Requests = ReturnType<typeof watchRequests>;
