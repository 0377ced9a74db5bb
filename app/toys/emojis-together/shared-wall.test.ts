// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PAINT_ID, WALL_SIZE } from "../../../contracts/wall";
import type { ConnectionWatchOptions } from "../../kit/live/connection";
import type { TopicHandlers } from "../../kit/live/topics";

/**
 * The wall's page side (shared-wall.ts, wall-link.ts) against a channel of the test's making, with
 * the kit's real outbox: what the page sends, and the cooldown it keeps.
 */
const sent: Record<string, unknown>[] = [];
let handlers: TopicHandlers | null = null;
let watch: Omit<ConnectionWatchOptions, "topic"> | null = null;
vi.mock("../../kit/live/follow-later", () => {
  return {
    followTopicLater: (_topic: string, topicHandlers: TopicHandlers, connection: typeof watch) => {
      handlers = topicHandlers;
      watch = connection;
      return {
        send: (message: Record<string, unknown>) => {
          sent.push(message);
          return true;
        },
        status: "open",
        holdOff() {},
        giveUp() {},
        leave() {},
      };
    },
  };
});

const BLANK_WALL = ".".repeat(WALL_SIZE);
const wallMessage = (cooldownMs: number, seq = 1) => ({
  topic: "wall",
  t: "wall",
  seq,
  epoch: 7,
  cells: BLANK_WALL,
  cooldownMs,
});
const paints = () => sent.filter((m) => m.t === "paint");

beforeEach(() => {
  vi.useFakeTimers();
  vi.resetModules();
  localStorage.clear();
  sent.length = 0;
  handlers = null;
  watch = null;
});
afterEach(() => {
  vi.useRealTimers();
});

/** A fresh page's wall (a new copy of its modules, as after a reload), followed until `leave`. */
async function visit() {
  handlers = null;
  const wall = await import("./shared-wall");
  const leave = wall.subscribeWall(() => {});
  await vi.waitFor(() => expect(handlers).not.toBeNull());
  return { ...wall, leave };
}

/** The server's wall arrives (on joining; a page that resumes gets only what it missed). */
function joined(cooldownMs: number) {
  handlers?.onMessage(wallMessage(cooldownMs));
}

describe("the shared wall's paints", () => {
  it("each name themselves with an id of their own, the same on every resend", async () => {
    const { paintCell, leave } = await visit();
    joined(1000);
    expect(paintCell(12, 3).painted).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(paintCell(13, 4).painted).toBe(true);
    vi.advanceTimersByTime(100);
    const [first, second] = paints();
    expect(first).toMatchObject({ cell: 12, e: 3 });
    expect(second).toMatchObject({ cell: 13, e: 4 });
    expect(String(first?.id)).toMatch(PAINT_ID);
    expect(String(second?.id)).toMatch(PAINT_ID);
    expect(first?.id).not.toBe(second?.id);
    // The channel drops before the answers, and opens again: the same paints, the same ids.
    handlers?.onStatus?.("open", { failures: 1, unopened: 0 });
    vi.advanceTimersByTime(5000);
    const again = paints().slice(2);
    expect(again.map(({ cell, id }) => [cell, id])).toEqual([
      [12, first?.id],
      [13, second?.id],
    ]);
    leave();
  });
});

describe("the shared wall's cooldown", () => {
  it("is the server's, still after leaving and coming back to a channel that resumes (no whole wall again)", async () => {
    const { paintCell, leave } = await visit();
    joined(2000);
    expect(paintCell(20, 1)).toEqual({ painted: true, cooldownMs: 2000 });
    leave();
    vi.advanceTimersByTime(5000);
    // Back in the same tab: the channel resumes where it left off, and says only what was missed.
    const back = await visit();
    back.leave();
    const again = await visit();
    handlers?.onStatus?.("open", { failures: 0, unopened: 0 });
    expect(again.getWallState().connection).toBe("live");
    expect(again.paintCell(21, 1)).toEqual({ painted: true, cooldownMs: 2000 });
    again.leave();
  });

  it("is learned from a paint's answer too", async () => {
    const { paintCell, leave } = await visit();
    joined(3000);
    expect(paintCell(30, 1).painted).toBe(true);
    vi.advanceTimersByTime(100);
    const [paint] = paints();
    handlers?.onMessage({ topic: "wall", t: "ok", n: paint?.n as number, cooldownMs: 5000 });
    vi.advanceTimersByTime(5000);
    expect(paintCell(31, 1)).toEqual({ painted: true, cooldownMs: 5000 });
    leave();
  });

  it("keeps the time until the next paint across a reload, and reads it back untrusted", async () => {
    const first = await visit();
    joined(4000);
    const paintedAt = Date.now();
    expect(first.paintCell(40, 2).painted).toBe(true);
    first.leave();
    vi.advanceTimersByTime(1000);
    // A new page (a reload): the wait the server asked for is still there, before any answer.
    const reloaded = await visit();
    expect(reloaded.paintCell(41, 2)).toEqual({ painted: false, waitMs: paintedAt + 4000 - Date.now() });
    reloaded.leave();
    for (const junk of ["{", "null", '{"cooldownMs":-5,"until":"soon"}', '{"cooldownMs":1e300,"until":1e300}']) {
      localStorage.setItem("sharedEmojiWallCooldown", junk);
      vi.resetModules();
      const page = await visit();
      joined(2000);
      expect(page.paintCell(42, 2)).toEqual({ painted: true, cooldownMs: 2000 });
      page.leave();
      vi.advanceTimersByTime(2000);
    }
  });

  it("holds queued paints until the server's cooldown is over, so none is refused as too soon", async () => {
    const { paintCell, getWallState, leave } = await visit();
    joined(2000);
    // The channel drops: three paints, one a cooldown, wait for it.
    watch?.set("reconnecting");
    for (const cell of [50, 51, 52]) {
      expect(paintCell(cell, 5).painted).toBe(true);
      vi.advanceTimersByTime(2000);
    }
    expect(paints()).toEqual([]);
    // Back: the first goes; the server takes it, and the next may go only a cooldown later.
    handlers?.onStatus?.("open", { failures: 0, unopened: 0 });
    joined(2000);
    vi.advanceTimersByTime(100);
    expect(paints()).toHaveLength(1);
    for (let k = 0; k < 3; k++) {
      const paint = paints()[k];
      handlers?.onMessage({ topic: "wall", t: "ok", n: paint?.n as number, cooldownMs: 2000 });
      vi.advanceTimersByTime(1900);
      expect(paints()).toHaveLength(k + 1);
      vi.advanceTimersByTime(300);
    }
    expect(paints().map((p) => p.cell)).toEqual([50, 51, 52]);
    expect(getWallState().notice).toBeNull();
    leave();
  });
});
