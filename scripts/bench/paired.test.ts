import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { LiveResult } from "./live.ts";
import { measureAgainstFloor, overFloor } from "./paired.ts";

const result = (live: number, paint = live / 2): LiveResult => ({
  paint,
  live,
  attached: live,
  released: Number.NaN,
  hydrated: live,
  scriptsArrived: live,
  scripts: 1,
  chain: 1,
});

describe("measureAgainstFloor", () => {
  it("loads the floor before every group and reverses each group every other round", async () => {
    const loads: string[] = [];
    const measure = async (_: Browser, url: string) => {
      loads.push(url);
      return result(1000);
    };
    const groups = [
      [
        { name: "a /", url: "a/" },
        { name: "b /", url: "b/" },
      ],
      [
        { name: "a /hi", url: "a/hi" },
        { name: "b /hi", url: "b/hi" },
      ],
    ];
    const { floor, pairs } = await measureAgainstFloor({} as Browser, "floor", groups, 2, 4, undefined, measure);
    expect(loads).toEqual([
      ...["floor", "a/", "b/", "floor", "a/hi", "b/hi"],
      ...["floor", "b/", "a/", "floor", "b/hi", "a/hi"],
    ]);
    expect(floor).toHaveLength(4);
    expect(pairs.get("b /hi")).toHaveLength(2);
  });

  it("pairs each load with the floor load just before it", async () => {
    // The machine slows down: the floor and the page read 1000 and 1100, then 2000 and 2100.
    const times = [1000, 1100, 2000, 2100];
    const measure = async () => result(times.shift() ?? Number.NaN);
    const { pairs } = await measureAgainstFloor(
      {} as Browser,
      "floor",
      [[{ name: "p", url: "p" }]],
      2,
      4,
      undefined,
      measure,
    );
    expect(pairs.get("p")?.map((pair) => [pair.floor.live, pair.run.live])).toEqual([
      [1000, 1100],
      [2000, 2100],
    ]);
  });
});

describe("overFloor", () => {
  it("takes the median of the differences pair by pair, not the difference of the medians", () => {
    // Behind the floor by 200, 100 and 400 ms: 200 ms. The medians (2400 and 2000) would say 400.
    const pairs = [
      [1000, 1200],
      [3000, 3100],
      [2000, 2400],
    ].map(([floor = 0, run = 0]) => ({ floor: result(floor, 500), run: result(run, 400) }));
    expect(overFloor(pairs)).toEqual({ live: 200, paint: -100 });
  });
});
