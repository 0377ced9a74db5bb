import { emptyCells, WALL_SIZE } from "../../contracts/wall.ts";
import { luaGeneration, newGeneration } from "../live/generation.ts";
import type { RedisClient } from "../ops/backends.ts";
import { bufferReplies } from "../ops/redis-library.ts";
import { sendWrite } from "../ops/replica-wait.ts";
import {
  FORGET_PER_WRITE,
  MAX_PAINT_IDS,
  PAINT_MEMORY_MS,
  type Paint,
  type PaintMemory,
  type WallStore,
} from "./store.ts";

// The cells (a string of one byte per cell), the wall's version, and the ids of the paints applied
// (a sorted set, each scored with when), under the site's hash tag.
const CELLS = "{pointless}:wall:cells";
const VERSION = "{pointless}:wall:version";
const PAINT_IDS = "{pointless}:wall:paint-ids";
/** The generation of the wall's data (server/live/generation.ts). */
const GENERATION = "{pointless}:wall:generation";

/** The cells, the version they are at and the data's generation (made now if there is none), in one step. */
const READ = `${luaGeneration(3, 1)}
return {redis.call('GET', KEYS[1]) or '', tonumber(redis.call('GET', KEYS[2]) or '0'), generation}
`;

/**
 * Paints ARGV's id, cell, byte triples (from ARGV[6]) whose id is not remembered (since after
 * ARGV[1] - ARGV[2]) (SETRANGE, one byte each), remembers their ids with the time ARGV[1], forgets
 * a few more ids than it added (the expired first, then the oldest past the cap ARGV[3]; ARGV[4]
 * more), and counts the batch when it painted anything: in one step Redis runs atomically
 * whichever server asks, so the version names exactly the cells written and a paint is applied
 * once. Answers the version, the places (from 0) of the paints applied, and the data's generation
 * (KEYS[4], made from ARGV[5] if there is none).
 */
const PAINT = `${luaGeneration(4, 5)}
local now, memory, cap, extra = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local since = now - memory
local painted = {}
for k = 6, #ARGV, 3 do
  local at = redis.call('ZSCORE', KEYS[3], ARGV[k])
  if not at or tonumber(at) <= since then
    redis.call('ZADD', KEYS[3], now, ARGV[k])
    redis.call('SETRANGE', KEYS[1], tonumber(ARGV[k + 1]), string.char(tonumber(ARGV[k + 2])))
    painted[#painted + 1] = (k - 6) / 3
  end
end
local expired = redis.call('ZRANGEBYSCORE', KEYS[3], '-inf', since, 'LIMIT', 0, #painted + extra)
if #expired > 0 then redis.call('ZREM', KEYS[3], unpack(expired)) end
local over = redis.call('ZCARD', KEYS[3]) - cap
if over > 0 then redis.call('ZREMRANGEBYRANK', KEYS[3], 0, math.min(over, #painted + extra) - 1) end
if #painted == 0 then return {tonumber(redis.call('GET', KEYS[2]) or '0'), painted, generation} end
-- Nothing painted for as long as an id is remembered: the whole memory goes.
redis.call('PEXPIRE', KEYS[3], memory)
return {redis.call('INCR', KEYS[2]), painted, generation}
`;

/** The wall in the shared Redis or Valkey, for any number of servers pointed at it. */
export function redisWallStore(
  redis: () => RedisClient,
  { memoryMs = PAINT_MEMORY_MS, maxIds = MAX_PAINT_IDS }: PaintMemory = {},
): WallStore {
  return {
    async wall() {
      const [raw, version, generation] = (await redis().sendCommand(
        ["EVAL", READ, "3", CELLS, VERSION, GENERATION, newGeneration()],
        bufferReplies(),
      )) as [Buffer, number, Buffer];
      // SETRANGE grows the string only as far as the furthest cell painted: the rest is blank.
      const cells = emptyCells();
      cells.set(raw.subarray(0, WALL_SIZE));
      return { cells, version: Number(version), generation: generation.toString() };
    },
    async applied(id, now) {
      const at = await redis().zScore(PAINT_IDS, id);
      return at !== null && at > now - memoryMs;
    },
    async paint(paints, now) {
      const [version, places, generation] = (await sendWrite(redis(), [
        "EVAL",
        PAINT,
        "4",
        CELLS,
        VERSION,
        PAINT_IDS,
        GENERATION,
        String(now),
        String(memoryMs),
        String(maxIds),
        String(FORGET_PER_WRITE),
        newGeneration(),
        ...paints.flatMap(({ id, cell, e }) => [id, String(cell), String(e + 1)]),
      ])) as [number, number[], string];
      const painted = places.map((k): Paint => {
        const { cell, e } = paints[Number(k)] as (typeof paints)[number];
        return [cell, e];
      });
      return { version: Number(version), painted, generation: String(generation) };
    },
  };
}
