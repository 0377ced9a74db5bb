import { PAGE_MEMORY_MS, REPLAY_WINDOW } from "../../contracts/claps.ts";
import { luaGeneration, newGeneration } from "../live/generation.ts";
import type { RedisClient } from "../ops/backends.ts";
import { sendWrite } from "../ops/replica-wait.ts";
import { type AddResult, type ClapStore, DEFAULT_MAX_PAGES } from "./store.ts";

// The total, and each page's replay window (forgotten a day after its last batch), under the
// site's hash tag.
/** The claps' total (read as it is by the failover test, which checks the store itself). */
export const TOTAL = "{pointless}:claps:total";
const PAGE_PREFIX = "{pointless}:claps:page:";
const pageKey = (page: string) => `${PAGE_PREFIX}${page}`;
/**
 * Every remembered page by when it was last seen: what keeps the pages bounded (at most
 * `maxPages`, the one seen longest ago forgotten first). Its entries go with their pages' expiry.
 */
const PAGES = "{pointless}:claps:pages";
/** The generation of the total's data (server/live/generation.ts). */
const GENERATION = "{pointless}:claps:generation";

/** The total, with the data's generation (made now if there is none). */
const TOTAL_NOW = `${luaGeneration(2, 1)}
return {tonumber(redis.call('GET', KEYS[1]) or '0'), generation}
`;

/**
 * Each batch checked against its page's replay window (replay-window.ts, the same arithmetic), and
 * the counted ones added to the total with one INCRBY: all in one step Redis runs atomically,
 * whichever server asks. KEYS: the total, the data's generation, the pages' index, then one page
 * key per batch; ARGV: the memory in ms, the window, a new generation (for data that begins now),
 * the time now (ms), the most pages remembered, then each batch's number and count. Answers the
 * total, per batch 1 counted, 2 a repeat, 3 stale, and the generation. Pages past the most
 * remembered are forgotten here, oldest first (their keys share the hash tag of the declared ones,
 * so they live on the same node).
 */
const ADD = `${luaGeneration(2, 3)}
local memory, window = tonumber(ARGV[1]), tonumber(ARGV[2])
local now, most = tonumber(ARGV[4]), tonumber(ARGV[5])
local span = 2 ^ window
local added, admissions = 0, {}
for k = 4, #KEYS do
  local batch, count = tonumber(ARGV[2 * k - 2]), tonumber(ARGV[2 * k - 1])
  local saved = redis.call('HMGET', KEYS[k], 'top', 'mask')
  local top, mask = tonumber(saved[1]), tonumber(saved[2])
  local admission = 1
  if not top or not mask then
    top, mask = batch, 1
  elseif batch > top then
    local shift = batch - top
    local kept = 0
    if shift < window then kept = (mask * 2 ^ shift) % span end
    top, mask = batch, kept + 1
  elseif top - batch >= window then
    admission = 3
  else
    local bit = 2 ^ (top - batch)
    if math.floor(mask / bit) % 2 == 1 then admission = 2 else mask = mask + bit end
  end
  if admission == 1 then added = added + count end
  redis.call('HSET', KEYS[k], 'top', top, 'mask', mask)
  redis.call('PEXPIRE', KEYS[k], memory)
  redis.call('ZADD', KEYS[3], now, string.sub(KEYS[k], ${PAGE_PREFIX.length + 1}))
  admissions[#admissions + 1] = admission
end
-- Expired pages go with their keys, at least twice as many as this write may have made (their
-- keys would expire by themselves; this keeps the index and the keys in step, a bounded work).
local expired = redis.call('ZRANGEBYSCORE', KEYS[3], '-inf', now - memory, 'LIMIT', 0, 2 * (#KEYS - 3) + 8)
for e = 1, #expired do
  redis.call('DEL', '${PAGE_PREFIX}' .. expired[e])
  redis.call('ZREM', KEYS[3], expired[e])
end
local over = redis.call('ZCARD', KEYS[3]) - most
if over > 0 then
  local gone = redis.call('ZPOPMIN', KEYS[3], over)
  for g = 1, #gone, 2 do redis.call('DEL', '${PAGE_PREFIX}' .. gone[g]) end
end
local total = redis.call('INCRBY', KEYS[1], added)
return {total, admissions, generation}
`;

const ADMISSIONS = ["counted", "repeat", "stale"] as const;

/** The total in the shared Redis or Valkey, for any number of servers pointed at it. */
export function redisClapStore(
  redis: () => RedisClient,
  memoryMs = PAGE_MEMORY_MS,
  maxPages = DEFAULT_MAX_PAGES,
): ClapStore {
  return {
    async total() {
      const [total, generation] = (await redis().sendCommand([
        "EVAL",
        TOTAL_NOW,
        "2",
        TOTAL,
        GENERATION,
        newGeneration(),
      ])) as [number, string];
      return { total: Number(total), generation: String(generation) };
    },
    async add(batches, now) {
      const [total, admissions, generation] = (await sendWrite(redis(), [
        "EVAL",
        ADD,
        String(3 + batches.length),
        TOTAL,
        GENERATION,
        PAGES,
        ...batches.map((b) => pageKey(b.page)),
        String(memoryMs),
        String(REPLAY_WINDOW),
        newGeneration(),
        String(now),
        String(maxPages),
        ...batches.flatMap((b) => [String(b.batch), String(b.count)]),
      ])) as [number, number[], string];
      return {
        generation: String(generation),
        total: Number(total),
        admissions: admissions.map((a) => ADMISSIONS[Number(a) - 1] ?? "stale"),
      } satisfies AddResult;
    },
  };
}
