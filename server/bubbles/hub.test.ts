import { afterEach, expect, it } from "vitest";
import type { DoneMessage } from "../../contracts/bubbles.ts";
import { createBus } from "../live/bus.ts";
import { localPresence } from "../live/presence.ts";
import { createLogger } from "../log.ts";
import { testPeer } from "../test/peer.ts";
import { testBackends } from "../test/stores.ts";
import { createBubbleHub } from "./hub.ts";
import { sqliteBubbleStore } from "./sqlite.ts";

const quiet = createLogger("error", () => {});
const cleanUps: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanUp of cleanUps.splice(0)) await cleanUp();
});

const until = async (ready: () => boolean) => {
  for (let i = 0; !ready(); i++) {
    if (i > 200) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

it("celebrates a sheet finished elsewhere even when the news of it was lost", async () => {
  const [, open] = testBackends[0] as (typeof testBackends)[number];
  const { backends, cleanUp } = await open();
  cleanUps.push(cleanUp);
  // Two hubs on one store, each with a bus of its own: nothing one publishes reaches the other,
  // as when a pub/sub message is lost. The second one learns of the new sheet from the store alone.
  const hub = (checkMs: number) => {
    const made = createBubbleHub({
      store: sqliteBubbleStore(backends.sqlite),
      bus: createBus(backends, quiet),
      guard: backends.guard,
      log: quiet,
      limiter: { take: async () => 0 },
      presence: localPresence(),
      size: 4,
      checkMs,
    });
    cleanUps.push(() => made.stop());
    return made;
  };
  const popper = testPeer();
  const watcher = testPeer();
  const here = hub(60_000);
  const elsewhere = hub(100);
  here.join(popper);
  elsewhere.join(watcher);
  await Promise.all([here.sheet(), elsewhere.sheet()]);

  here.pop(popper, { n: 1, sheet: 1, i: [0, 1, 2, 3] });
  await until(() => popper.texts.some((m) => m.t === "done"));
  await until(() => watcher.texts.some((m) => m.t === "done"));
  expect(watcher.texts.find((m) => m.t === "done")).toMatchObject({ t: "done", sheet: 1, finished: 1 } as DoneMessage);
  expect((await elsewhere.sheet())?.sheet).toBe(2);
});
