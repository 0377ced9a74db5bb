import type { Page, WebSocketRoute } from "@playwright/test";

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
 * does, its 404 page, or with `awayStatus` 502 as a proxy whose servers are all away for a moment).
 * Setting `away` back lets everything through again.
 */
export async function holdTheLine(
  page: Page,
  { statePath, awayStatus = 404 }: { statePath?: string; awayStatus?: 404 | 502 } = {},
) {
  const line = { away: false, urls: [] as string[], cut: () => {} };
  if (statePath) {
    const body = awayStatus === 404 ? "<h1>404</h1>" : "<h1>502 Bad Gateway</h1>";
    await page.route(`**${statePath}`, (route) =>
      line.away ? route.fulfill({ status: awayStatus, contentType: "text/html", body }) : route.continue(),
    );
  }
  await page.routeWebSocket(/\/api\/live/, (ws) => {
    line.urls.push(ws.url());
    if (line.away) ws.close({ code: 1006 });
    else line.cut = cutter(ws, ws.connectToServer());
  });
  return line;
}
