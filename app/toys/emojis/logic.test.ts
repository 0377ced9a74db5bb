import { readFileSync } from "node:fs";
import { PALETTE as EMOJIS } from "virtual:wall-palette";
import { expect, it } from "vitest";
import { PALETTE } from "../../../contracts/wall";
import { seededRandom } from "../../kit/lib/random";
import { makeWall, WALL_SIZE, WIGGLE_CYCLE_MS, WIGGLE_MS, WIGGLES, wigglingAt } from "./logic";

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

it("gives each emoji a wiggle and a moment of its own, so about twenty wiggle at any time", () => {
  const wall = makeWall(seededRandom(200), EMOJIS.length);
  for (const tile of wall) {
    expect(WIGGLES).toContain(tile.wiggle);
    expect(tile.phaseMs).toBeGreaterThanOrEqual(0);
    expect(tile.phaseMs).toBeLessThan(WIGGLE_CYCLE_MS);
  }
  expect(new Set(wall.map((t) => t.wiggle)).size).toBe(3);
  const counts = Array.from({ length: WIGGLE_CYCLE_MS / 100 }, (_, k) => wigglingAt(wall, k * 100));
  // Never the whole wall at once, never still for long, twenty on average.
  expect(Math.max(...counts)).toBeLessThan(45);
  expect(Math.min(...counts)).toBeGreaterThan(5);
  const mean = counts.reduce((a, b) => a + b, 0) / counts.length;
  expect(mean).toBeCloseTo((WALL_SIZE * WIGGLE_MS) / WIGGLE_CYCLE_MS, 0);
});

it("wiggles each kind out and back with a transform only, for the share of the cycle logic.ts says", () => {
  const css = readFileSync(new URL("./motion.css", import.meta.url), "utf8");
  const share = `${(100 * WIGGLE_MS) / WIGGLE_CYCLE_MS}%`;
  const half = `${(50 * WIGGLE_MS) / WIGGLE_CYCLE_MS}%`;
  for (const kind of WIGGLES) {
    const frames = new RegExp(`@keyframes wiggle-${kind} \\{([^@]*?)\\n\\}`).exec(css)?.[1] ?? "";
    expect(frames.replace(/\s+/g, " ").trim()).toMatch(
      new RegExp(`^0%, ${share}, 100% \\{ transform: none; \\} ${half} \\{ transform: [^;]+; \\}$`),
    );
    expect(css).toContain(
      `.wiggle-${kind} {\n  animation: wiggle-${kind} ${WIGGLE_CYCLE_MS / 1000}s ease-in-out infinite;`,
    );
  }
});
