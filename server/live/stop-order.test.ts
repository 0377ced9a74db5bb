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
  let again: Awaited<ReturnType<typeof startSiteProcess>> | undefined;
  try {
    const page = await openLive(server.origin, ["polls", "wall"]);
    await page.until(() => page.visitor !== null && page.messages.some((m) => m.t === ("wall" as never)));
    // Whatever arrives after the goodbye, in order.
    const order: Record<string, unknown>[] = [];
    page.ws.on("message", (data, isBinary) => {
      if (isBinary) return;
      const m = JSON.parse(data.toString()) as { t: string };
      if (m.t === "ok" || m.t === "no" || m.t === "bye") order.push(m);
    });
    page.send({ topic: "polls", t: "vote", n: 1, q: 1, a: 2, device: "stop-order-device-1" });
    page.send({ topic: "wall", t: "paint", n: 2, id: "stop-order-paint-1", cell: 42, e: 3 });
    // The signal in the same moment: both are in the batching window (40-50 ms) when it comes.
    server.child.kill("SIGTERM");
    const closed = await page.closed;
    expect(closed.code).toBe(CLOSE.goingAway);
    // The two topics flush side by side, so their answers may come in either order; the goodbye is last.
    expect(order.at(-1)).toEqual({ t: "bye", retryMs: expect.any(Number), reason: "The server is restarting." });
    const answers = order.slice(0, -1);
    const vote = answers.find((m) => m.topic === "polls");
    const paint = answers.find((m) => m.topic === "wall");
    expect(answers).toHaveLength(2);
    // Each answered exactly: stored (ok, with what was stored), or, when it came after the last
    // write began, "the server is restarting, it waits" (and then it was not stored).
    const voted = { topic: "polls", t: "ok", n: 1, q: 1, counted: true, answer: 2, counts: [0, 0, 1] };
    const voteWaits = {
      topic: "polls",
      t: "no",
      n: 1,
      error: "The server is restarting. Your vote waits.",
      retryMs: 2000,
    };
    const painted = { topic: "wall", t: "ok", n: 2, cooldownMs: 3000 };
    const paintWaits = {
      topic: "wall",
      t: "no",
      n: 2,
      error: "The server is restarting. Your paint waits.",
      retryMs: 2000,
    };
    expect([voted, voteWaits]).toContainEqual(vote);
    expect([painted, paintWaits]).toContainEqual(paint);
    // What the answers said is what the store has: read by the next server on the same data.
    again = await startSiteProcess({ SITE_DIR: site.client, COUNTER_DATA_DIR: site.dataDir });
    const polls = (await (await fetch(`${again.origin}/api/polls`)).json()) as { counts: number[][] };
    const wall = (await (await fetch(`${again.origin}/api/wall`)).json()) as { cells: string };
    expect(polls.counts[1]).toEqual(vote?.t === "ok" ? [0, 0, 1] : [0, 0, 0]);
    expect(wall.cells[42]).toBe(paint?.t === "ok" ? "3" : ".");
  } finally {
    await stopProcess(server.child);
    if (again) await stopProcess(again.child);
    site.remove();
  }
});
