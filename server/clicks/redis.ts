import { MAX_CLICKS_PER_SEND } from "../../contracts/clicks.ts";
import type { RedisClient } from "../backends.ts";
import { type ClickStore, type DeviceMemory, FORGET_PER_WRITE } from "./store.ts";

// Every key shares the hash tag {pointless}, so a Redis Cluster keeps them on one node and the
// script below may touch them all.
const TOTAL = "{pointless}:total";
const ACKED = "{pointless}:devices:acked";
const SEEN = "{pointless}:devices:seen";

/**
 * `countRange` (store.ts) and the housekeeping, in one step Redis runs atomically: a send is
 * counted once however many servers receive it, and a crash cannot record one half without the
 * other. A hash holds each device's confirmed count, a sorted set when it was last seen.
 */
const COUNT = `
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
local function forget(ids)
  for _, id in ipairs(ids) do
    redis.call('HDEL', KEYS[2], id)
    redis.call('ZREM', KEYS[3], id)
  end
  return #ids
end
local forgotten = forget(redis.call('ZRANGEBYSCORE', KEYS[3], '-inf', '(' .. (now - tonumber(ARGV[6])), 'LIMIT', 0, limit))
local over = redis.call('ZCARD', KEYS[3]) - tonumber(ARGV[7])
if over > 0 then
  local oldest = redis.call('ZRANGE', KEYS[3], 0, math.min(over, limit))
  local others = {}
  for _, id in ipairs(oldest) do
    if id ~= ARGV[1] and #others < math.min(over, limit) then others[#others + 1] = id end
  end
  forget(others)
end
return {total, counted, acked}
`;

/** The click total in the shared Redis or Valkey, for any number of servers pointed at it. */
export function redisClickStore(redis: () => RedisClient, memory: DeviceMemory): ClickStore {
  return {
    async total() {
      return Number((await redis().get(TOTAL)) ?? 0);
    },
    async count({ device, from, to }, now) {
      const reply = (await redis().sendCommand([
        "EVAL",
        COUNT,
        "3",
        TOTAL,
        ACKED,
        SEEN,
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
  };
}
