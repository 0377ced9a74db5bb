import { expect, it } from "vitest";
import { seededRandom } from "../../kit/lib/random";
import { EMOJIS, makeWall, WALL_SIZE } from "./logic";

it("builds a wall of 200 emojis drawn from 16", () => {
  expect(EMOJIS).toHaveLength(16);
  expect(new Set(EMOJIS.map((e) => e.char)).size).toBe(16);
  expect(WALL_SIZE).toBe(200);
  const wall = makeWall(seededRandom(2));
  expect(wall).toHaveLength(200);
  const used = new Set(wall.map((t) => t.emoji));
  expect(used.size).toBe(16);
  for (const t of wall) expect(t.emoji).toBeLessThan(16);
});
