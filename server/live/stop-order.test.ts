import { expect, it } from "vitest";
import { CLOSE } from "../../contracts/live.ts";
import { startSiteProcess, stopProcess } from "../../scripts/lib/local-servers.ts";
import { openLive } from "../test/live-client.ts";
import { makeSiteFixture } from "../test/site-fixture.ts";

/**
 * A restart (SIGTERM) while a page's request waits in a topic's batching window: the request is
 * written AND answered before the channel is told goodbye. On 27fa28e the channels closed first,
 * so a vote stored in the last window never had its `ok`, and the page sent it again (a paint,
 * which carried no id, then overwrote someone else's newer paint and spent another cooldown).
 */
it("answers what it gathered in its last window before it closes the channels", async () => {
  const site = makeSiteFixture();
  const server = await startSiteProcess({ SITE_DIR: site.client, COUNTER_DATA_DIR: site.dataDir });
  try {
    const page = await openLive(server.origin, ["polls", "wall"]);
    await page.until(() => page.visitor !== null && page.messages.some((m) => m.t === ("wall" as never)));
    // Whatever arrives after the goodbye, in order.
    const order: string[] = [];
    page.ws.on("message", (data, isBinary) => {
      if (isBinary) return;
      const m = JSON.parse(data.toString()) as { t: string; n?: number; topic?: string };
      if (m.t === "ok" || m.t === "no" || m.t === "bye") order.push(m.t === "bye" ? "bye" : `${m.topic} ${m.t}`);
    });
    page.send({ topic: "polls", t: "vote", n: 1, q: 1, a: 2, device: "stop-order-device-1" });
    page.send({ topic: "wall", t: "paint", n: 2, id: "stop-order-paint-1", cell: 42, e: 3 });
    // The signal in the same moment: both are in the batching window (40-50 ms) when it comes.
    server.child.kill("SIGTERM");
    const closed = await page.closed;
    expect(closed.code).toBe(CLOSE.goingAway);
    // Each answered (stored, or "the server is restarting, it waits" when it came after the last
    // write began), and only then the goodbye.
    // The two topics flush side by side, so their answers may come in either order; the goodbye is last.
    expect(order.at(-1)).toBe("bye");
    expect(order.slice(0, -1).sort()).toEqual([
      expect.stringMatching(/^polls (ok|no)$/),
      expect.stringMatching(/^wall (ok|no)$/),
    ]);
  } finally {
    await stopProcess(server.child);
    site.remove();
  }
});
