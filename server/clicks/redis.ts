import { MAX_CLICKS_PER_SEND } from "../../contracts/clicks.ts";
import type { RedisClient } from "../ops/backends.ts";
import { sendWrite } from "../ops/replica-wait.ts";
import { type ClickStore, type DeviceMemory, FORGET_PER_WRITE, rememberedFor } from "./store.ts";

// Every key shares the hash tag {pointless}, so a Redis Cluster keeps them on one node and the
// script below may touch them all.
const TOTAL = "{pointless}:total";
const ACKED = "{pointless}:devices:acked";
const SEEN = "{pointless}:devices:seen";
/** When the most recently seen device forgotten so far was last seen (store.ts, `rememberedFor`). */
const FORGOTTEN = "{pointless}:devices:forgotten-seen";

/**
 * FORGOTTEN, or where a Redis kept by an earlier version (which did not note it) starts: its
 * oldest device, since the housekeeping forgets the oldest first, so every device it forgot was
 * seen before that one. Shared by both scripts, before anything is written.
 */
const FORGOTTEN_SEEN = `
local function forgottenSeen()
  local value = redis.call('GET', KEYS[FORGOTTEN_KEY])
  if value then return tonumber(value) end
  local oldest = redis.call('ZRANGE', KEYS[SEEN_KEY], 0, 0, 'WITHSCORES')
  return tonumber(oldest[2] or '0')
end
`;

/**
 * `countRange` (store.ts) and the housekeeping, in one step Redis runs atomically: a send is
 * counted once however many servers receive it, and a crash cannot record one half without the
 * other. A hash holds each device's confirmed count, a sorted set when it was last seen.
 */
const COUNT = `
local SEEN_KEY, FORGOTTEN_KEY = 3, 4
${FORGOTTEN_SEEN}
local forgottenBefore = forgottenSeen()
local latest = forgottenBefore
local stored = tonumber(redis.call('HGET', KEYS[2], ARGV[1]))
local from, to, now = tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local base = from
if stored and stored > from then base = stored end
local counted = math.max(0, math.min(to, base + tonumber(ARGV[5])) - base)
local acked = base + counted
if stored and stored > acked then acked = stored end
redis.call('HSET', KEYS[2], ARGV[1], acked)
redis.call('ZADD', KEYS[3], now, ARGV[1])
local total
if counted > 0 then total = redis.call('INCRBY', KEYS[1], counted)
else total = tonumber(redis.call('GET', KEYS[1]) or '0') end
local limit = tonumber(ARGV[8])
-- Forgets the devices of a WITHSCORES reply (id, seen, id, seen...), at most \`most\` of them and
-- never the one sending, noting when the latest of them was seen.
local function forget(reply, most)
  local n = 0
  for k = 1, #reply, 2 do
    local id, seen = reply[k], tonumber(reply[k + 1])
    if id ~= ARGV[1] and n < most then
      redis.call('HDEL', KEYS[2], id)
      redis.call('ZREM', KEYS[3], id)
      if seen > latest then latest = seen end
      n = n + 1
    end
  end
end
forget(redis.call('ZRANGEBYSCORE', KEYS[3], '-inf', '(' .. (now - tonumber(ARGV[6])), 'WITHSCORES', 'LIMIT', 0, limit), limit)
local over = redis.call('ZCARD', KEYS[3]) - tonumber(ARGV[7])
if over > 0 then
  forget(redis.call('ZRANGE', KEYS[3], 0, math.min(over, limit), 'WITHSCORES'), math.min(over, limit))
end
if latest ~= forgottenBefore or redis.call('EXISTS', KEYS[4]) == 0 then
  redis.call('SET', KEYS[4], string.format('%.0f', latest))
end
return {total, counted, acked}
`;

/** What `record` reads, in one step: the device's count ('' when not remembered) and FORGOTTEN. */
const RECORD = `
local SEEN_KEY, FORGOTTEN_KEY = 2, 3
${FORGOTTEN_SEEN}
return {redis.call('HGET', KEYS[1], ARGV[1]) or '', string.format('%.0f', forgottenSeen())}
`;

/** The click total in the shared Redis or Valkey, for any number of servers pointed at it. */
export function redisClickStore(redis: () => RedisClient, memory: DeviceMemory): ClickStore {
  return {
    async total() {
      return Number((await redis().get(TOTAL)) ?? 0);
    },
    async count({ device, from, to }, now) {
      const reply = (await sendWrite(redis(), [
        "EVAL",
        COUNT,
        "4",
        TOTAL,
        ACKED,
        SEEN,
        FORGOTTEN,
        device,
        String(from),
        String(to),
        String(now),
        String(MAX_CLICKS_PER_SEND),
        String(memory.idleMs),
        String(memory.maxDevices),
        String(FORGET_PER_WRITE),
      ])) as [number, number, number];
      return { total: Number(reply[0]), counted: Number(reply[1]), acked: Number(reply[2]) };
    },
    async acked(device) {
      const value = await redis().hGet(ACKED, device);
      return value === null || value === undefined ? null : Number(value);
    },
    async record(device, now) {
      const [acked, forgottenSeen] = (await redis().sendCommand([
        "EVAL",
        RECORD,
        "3",
        ACKED,
        SEEN,
        FORGOTTEN,
        device,
      ])) as [string, string];
      return {
        acked: acked === "" ? null : Number(acked),
        rememberedForMs: rememberedFor(memory, now, Number(forgottenSeen)),
      };
    },
  };
}
