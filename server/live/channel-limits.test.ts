import { describe, expect, it } from "vitest";
import { MAX_POPS_PER_MESSAGE } from "../../contracts/bubbles.ts";
import { CLOSE, type NoMessage } from "../../contracts/live.ts";
import { openLive, popAnswered, refusedAsBusy, requestNumber } from "../test/live-client.ts";
import { siteProcess } from "../test/site-process.ts";

/** The live channel's caps and the sheet's pop limit, against the real server process on SQLite. */
describe("limits of the live channel", () => {
  const capped = siteProcess({
    BUBBLES_SHEET_SIZE: "1000",
    LIVE_MAX_PER_ADDRESS: "3",
    LIVE_MAX_CONNECTIONS: "5",
    TRUST_PROXY: "loopback",
  });

  it("caps channels per address and in all; a full process makes the heaviest address yield to a lighter one", async () => {
    const from = (address: string) => ({ headers: { "X-Forwarded-For": address } });
    const mine = await Promise.all([1, 2, 3].map(() => openLive(capped.origin, ["bubbles"], from("198.51.100.1"))));
    expect(await refusedAsBusy(capped.origin, ["bubbles"], from("198.51.100.1"))).toEqual({
      t: "busy",
      retryMs: 10_000,
      reason: "Very many people share this network right now.",
    });
    // Asked over plain HTTP (a page cannot read a refused upgrade's status), the channel's address
    // says the same, with when to come back; for another address, that it would take it.
    const asked = (address: string) => fetch(`${capped.origin}/api/live`, { headers: { "X-Forwarded-For": address } });
    const shared = await asked("198.51.100.1");
    expect(shared.status).toBe(429);
    expect(shared.headers.get("retry-after")).toBe("10");
    expect(await shared.json()).toEqual({ error: "Very many people share this network right now." });
    expect(await (await asked("198.51.100.50")).json()).toEqual({ ok: true });
    const others = await Promise.all(
      [1, 2].map((k) => openLive(capped.origin, ["bubbles"], from(`198.51.100.${k + 1}`))),
    );
    // Full: a newcomer holding nothing takes the place of a channel of the address holding most.
    const newcomer = await openLive(capped.origin, ["bubbles"], from("198.51.100.9"));
    const yielded = await Promise.race(mine.map((client) => client.closed.then((closed) => ({ client, closed }))));
    expect(yielded.closed.code).toBe(CLOSE.busy);
    expect(yielded.client.messages).toContainEqual({
      t: "busy",
      retryMs: 10_000,
      reason: "The site is very busy right now.",
    });
    mine.splice(mine.indexOf(yielded.client), 1);
    // One holding as many as the heaviest less one takes nobody's place: the process is full for it.
    expect(await refusedAsBusy(capped.origin, ["bubbles"], from("198.51.100.2"))).toEqual({
      t: "busy",
      retryMs: 10_000,
      reason: "The site is very busy right now.",
    });
    others.push(newcomer);
    // A channel closed makes room again.
    mine[0]?.close();
    await mine[0]?.closed;
    await expect
      .poll(() =>
        openLive(capped.origin, ["bubbles"], from("198.51.100.1")).then(
          (c) => {
            c.close();
            return true;
          },
          () => false,
        ),
      )
      .toBe(true);
    // Closed before the next test, which needs room under the same caps.
    await Promise.all(
      [...mine, ...others].map((client) => {
        client.close();
        return client.closed;
      }),
    );
  });

  it("limits pops to what a person can pop, telling the page when to try again", async () => {
    const client = await openLive(capped.origin, ["bubbles"], { headers: { "X-Forwarded-For": "203.0.113.50" } });
    await client.until(() => client.sheet !== null);
    const answers = [];
    for (let k = 0; k < 4; k++)
      answers.push(
        await popAnswered(
          client,
          Array.from({ length: 20 }, (_, j) => k * 20 + j),
        ),
      );
    // A burst of 30, then fifteen a second: the first message of 20 goes, the next ones wait.
    expect(answers[0]?.t).toBe("ok");
    const refused = answers.filter((a) => a.t === "no") as NoMessage[];
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]?.retryMs).toBeGreaterThan(0);
    expect(refused[0]?.error).toMatch(/Slow down/);
    client.close();
  });

  it("admits a message of as many pops as a page ever sends at once; one more is not a message it knows", async () => {
    const client = await openLive(capped.origin, ["bubbles"], { headers: { "X-Forwarded-For": "203.0.113.51" } });
    await client.until(() => client.sheet !== null);
    // As tried before: a message of 40 pops met a burst of 30 and was told to retry, for ever.
    const most = Array.from({ length: MAX_POPS_PER_MESSAGE }, (_, j) => 500 + j);
    expect(await popAnswered(client, most)).toMatchObject({ t: "ok" });
    client.send({ t: "pop", n: requestNumber(), sheet: client.sheet?.sheet, i: [...most, 999] });
    expect((await client.closed).code).toBe(CLOSE.malformed);
  });
});
