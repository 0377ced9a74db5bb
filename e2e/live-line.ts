import type { Page, WebSocketRoute } from "@playwright/test";
import { backoffWindow } from "../app/kit/live/retry";

/** From a channel's try to its page saying it is live (the topic's state, its words), on a loaded machine. */
const LIVE_AFTER_TRY_MS = 5000;

/**
 * How long a page whose channel was cut, then refused `refused` times, may take to be live once its
 * tries go through again: its next try comes within the backoff window of its failures so far (the
 * cut and each refusal; app/kit/live/retry.ts, full jitter), then the try itself. A bound from the
 * page's own pauses, not from the machine's speed: on a loaded machine the test's own steps while
 * the server is away take longer, the page is refused more times, and its pauses grow (a fresh
 * clone beside two busy loops waited past a fixed 15 s). Never less than 15 s.
 */
export function liveAgainWithin(refused: number): number {
  return Math.max(15_000, backoffWindow(1 + refused) + LIVE_AFTER_TRY_MS);
}

/** Ends both sides of a routed channel, as a dropped connection does. */
const cutter = (page: WebSocketRoute, server: WebSocketRoute) => () => {
  server.close();
  page.close();
};

/**
 * The line between a shared toy's page and its server, held by the test. The live channel passes
 * through (`urls`: the addresses the page opened it at, its resume tokens in them) until the test
 * cuts it (`cut`) or sends the server away (`away`: new channels are refused as a network that
 * lost the server refuses them, and the toy's HTTP state path, if given, answers as a static host
 * does, its 404 page, or with `awayStatus` 502 as a proxy whose servers are all away for a moment;
 * `refused` counts the channels refused). Setting `away` back lets everything through again.
 */
export async function holdTheLine(
  page: Page,
  { statePath, awayStatus = 404 }: { statePath?: string; awayStatus?: 404 | 502 } = {},
) {
  const line = { away: false, refused: 0, urls: [] as string[], cut: () => {} };
  if (statePath) {
    const body = awayStatus === 404 ? "<h1>404</h1>" : "<h1>502 Bad Gateway</h1>";
    await page.route(`**${statePath}`, (route) =>
      line.away ? route.fulfill({ status: awayStatus, contentType: "text/html", body }) : route.continue(),
    );
  }
  await page.routeWebSocket(/\/api\/live/, (ws) => {
    line.urls.push(ws.url());
    if (line.away) {
      line.refused++;
      ws.close({ code: 1006 });
    } else line.cut = cutter(ws, ws.connectToServer());
  });
  return line;
}
