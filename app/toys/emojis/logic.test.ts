import { PALETTE as EMOJIS } from "virtual:wall-palette";
import { expect, it } from "vitest";
import { PALETTE } from "../../../contracts/wall";
import { seededRandom } from "../../kit/lib/random";
import {
  makeWall,
  pickWigglers,
  WALL_SIZE,
  WIGGLE_EVERY_MS,
  WIGGLE_KEYFRAMES,
  WIGGLE_TIMING,
  WIGGLERS_PER_TICK,
  WIGGLES,
} from "./logic";

it("builds a wall of 200 emojis drawn from 16", () => {
  expect(EMOJIS).toHaveLength(16);
  expect(new Set(EMOJIS.map((e) => e.char)).size).toBe(16);
  // The shared wall's sixteen (contracts/wall.ts), as the build writes them for this page.
  expect(EMOJIS).toEqual(PALETTE);
  expect(WALL_SIZE).toBe(200);
  const wall = makeWall(seededRandom(2), EMOJIS.length);
  expect(wall).toHaveLength(200);
  const used = new Set(wall.map((t) => t.emoji));
  expect(used.size).toBe(16);
  for (const t of wall) expect(t.emoji).toBeLessThan(16);
});

it("picks a few distinct tiles to wiggle at a time, all of them over time", () => {
  expect(WIGGLE_EVERY_MS * WIGGLERS_PER_TICK).toBeGreaterThan(0);
  const random = seededRandom(5);
  const everyone = new Set<number>();
  for (let tick = 0; tick < 1000; tick++) {
    const picked = pickWigglers(WIGGLERS_PER_TICK, 200, random);
    expect(new Set(picked).size).toBe(WIGGLERS_PER_TICK);
    for (const i of picked) {
      expect(i).toBeGreaterThanOrEqual(0);
      expect(i).toBeLessThan(200);
      everyone.add(i);
    }
  }
  expect(everyone.size).toBe(200);
  expect(pickWigglers(10, 3, random).sort()).toEqual([0, 1, 2]);
});

it("wiggles each kind of emoji out and back with a transform only", () => {
  expect(Object.keys(WIGGLE_KEYFRAMES).sort()).toEqual([...WIGGLES].sort());
  for (const frames of Object.values(WIGGLE_KEYFRAMES)) {
    expect(frames).toHaveLength(3);
    expect(frames[0]).toEqual({ transform: "none" });
    expect(frames[2]).toEqual({ transform: "none" });
    expect(Object.keys(frames[1] ?? {})).toEqual(["transform"]);
    expect(frames[1]?.transform).not.toBe("none");
  }
  // One wiggle lasts as long as the pause between batches.
  expect(WIGGLE_TIMING.duration).toBe(WIGGLE_EVERY_MS);
  for (const tile of makeWall(seededRandom(3), EMOJIS.length)) expect(WIGGLES).toContain(tile.wiggle);
});
