import { RESP_TYPES } from "redis";
import { emptyCells, WALL_SIZE } from "../../contracts/wall.ts";
import type { RedisClient } from "../backends.ts";
import type { WallStore } from "./store.ts";

// The cells (a string of one byte per cell) and the wall's version, under the site's hash tag.
const CELLS = "{pointless}:wall:cells";
const VERSION = "{pointless}:wall:version";

/** The cells and the version they are at, read in one step. */
const READ = `return {redis.call('GET', KEYS[1]) or '', tonumber(redis.call('GET', KEYS[2]) or '0')}`;

/**
 * Paints ARGV as cell, byte pairs (SETRANGE, one byte each) and counts the batch, in one step
 * Redis runs atomically whichever server asks: the version names exactly the cells written.
 */
const PAINT = `
for k = 1, #ARGV, 2 do
  redis.call('SETRANGE', KEYS[1], tonumber(ARGV[k]), string.char(tonumber(ARGV[k + 1])))
end
return redis.call('INCR', KEYS[2])
`;

/** The wall in the shared Redis or Valkey, for any number of servers pointed at it. */
export function redisWallStore(redis: () => RedisClient): WallStore {
  return {
    async wall() {
      const [raw, version] = (await redis().sendCommand(["EVAL", READ, "2", CELLS, VERSION], {
        typeMapping: { [RESP_TYPES.BLOB_STRING]: Buffer },
      })) as [Buffer, number];
      // SETRANGE grows the string only as far as the furthest cell painted: the rest is blank.
      const cells = emptyCells();
      cells.set(raw.subarray(0, WALL_SIZE));
      return { cells, version: Number(version) };
    },
    async paint(paints) {
      const pairs = paints.flatMap(([cell, e]) => [String(cell), String(e + 1)]);
      return Number(await redis().sendCommand(["EVAL", PAINT, "2", CELLS, VERSION, ...pairs]));
    },
  };
}
