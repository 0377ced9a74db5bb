import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_CLICKS_PER_SEND } from "../../contracts/clicks.ts";
import { counterOnEachTest, newDevice, stores } from "./test-api.ts";

/**
 * Each click counted once, on each store, whatever a page's sends look like (issue 57: a total one
 * click over across a rolling restart). A page sends the range after what the server confirmed to
 * it, so each send starts at 0 or where an earlier send of the device ended; sends repeat (an
 * answer lost, a beacon beside a request), grow, and cross on the way.
 */
const pageSends = fc
  .array(fc.record({ startAt: fc.nat(), length: fc.integer({ min: 1, max: MAX_CLICKS_PER_SEND }) }), {
    minLength: 1,
    maxLength: 8,
  })
  .map((steps) => {
    const ends = [0];
    return steps.map(({ startAt, length }) => {
      const from = ends[startAt % ends.length] as number;
      ends.push(from + length);
      return { from, to: from + length };
    });
  });

const devicesSends = fc.array(pageSends, { minLength: 1, maxLength: 4 });

describe.each(stores)("every click counted once on %s", (_, open) => {
  const { post, total } = counterOnEachTest(open);

  /** Posts each device's sends (in turn, or all at once) and returns how much the total rose. */
  async function rise(devices: { from: number; to: number }[][], atOnce: boolean): Promise<number> {
    const before = await total();
    const sends = devices.flatMap((ranges) => {
      const device = newDevice();
      return ranges.map((range) => ({ device, ...range }));
    });
    if (atOnce) await Promise.all(sends.map((send) => post(send)));
    else for (const send of sends) expect((await post(send)).status).toBe(200);
    return (await total()) - before;
  }

  /** The clicks the devices made: each device's furthest send. */
  const made = (devices: { to: number }[][]) =>
    devices.reduce((sum, ranges) => sum + Math.max(...ranges.map((range) => range.to)), 0);

  it("sent one after another, repeats and all: the total rises by exactly the clicks made", async () => {
    await fc.assert(
      fc.asyncProperty(devicesSends, async (devices) => {
        expect(await rise(devices, false)).toBe(made(devices));
      }),
      { numRuns: 40 },
    );
  });

  it("sent all at once, in any order the store takes them: never by more than the clicks made", async () => {
    await fc.assert(
      fc.asyncProperty(devicesSends, async (devices) => {
        expect(await rise(devices, true)).toBeLessThanOrEqual(made(devices));
      }),
      { numRuns: 40 },
    );
  });
});
