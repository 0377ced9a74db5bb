import { bytesFor } from "../../contracts/bubbles.ts";
import type { RedisClient } from "../ops/backends.ts";
import { bufferReplies } from "../ops/redis-library.ts";
import { sendWrite } from "../ops/replica-wait.ts";
import type { BubbleStore, PopResult } from "./store.ts";

// The sheet's bits, and its number, size and counts, under the site's hash tag (read as they are
// by the tests and benches that check the store itself).
export const BITS = "{pointless}:bubbles:bits";
export const STATE = "{pointless}:bubbles:state";

/** The current sheet with its bits, read in one step (a first one, of ARGV[1] bubbles, if there is none). */
const SHEET = `
local s = redis.call('HMGET', KEYS[1], 'sheet', 'size', 'popped', 'finished')
if not s[1] then
  local size = tonumber(ARGV[1])
  redis.call('DEL', KEYS[2])
  redis.call('HSET', KEYS[1], 'sheet', 1, 'size', size, 'popped', 0, 'finished', 0)
  return {1, size, 0, 0, ''}
end
return {tonumber(s[1]), tonumber(s[2]), tonumber(s[3]), tonumber(s[4]), redis.call('GET', KEYS[2]) or ''}
`;

/**
 * Pops the bubbles of ARGV[3..] on sheet ARGV[1] if it is the current one (SETBIT answers whether
 * each was popped before), and when the last one pops, starts the next sheet, of ARGV[2] bubbles,
 * and counts the finished one: all in one step Redis runs atomically, whichever server asks. With
 * no sheet at all (Redis lost its data), a first one begins, of ARGV[2] bubbles.
 */
const POP = `
local s = redis.call('HMGET', KEYS[1], 'sheet', 'size', 'popped', 'finished')
local sheet, size, popped, finished = tonumber(s[1]), tonumber(s[2]), tonumber(s[3]), tonumber(s[4])
if not sheet then
  sheet, size, popped, finished = 1, tonumber(ARGV[2]), 0, 0
  redis.call('DEL', KEYS[2])
  redis.call('HSET', KEYS[1], 'sheet', sheet, 'size', size, 'popped', popped, 'finished', finished)
end
if sheet ~= tonumber(ARGV[1]) then return {sheet, popped, finished, 0, {}} end
local newly = {}
for k = 3, #ARGV do
  local i = tonumber(ARGV[k])
  if i >= 0 and i < size and redis.call('SETBIT', KEYS[2], i, 1) == 0 then newly[#newly + 1] = i end
end
popped = popped + #newly
if popped >= size then
  finished = finished + 1
  redis.call('DEL', KEYS[2])
  redis.call('HSET', KEYS[1], 'sheet', sheet + 1, 'size', tonumber(ARGV[2]), 'popped', 0, 'finished', finished)
  return {sheet, popped, finished, sheet + 1, newly, tonumber(ARGV[2])}
end
if #newly > 0 then redis.call('HSET', KEYS[1], 'popped', popped) end
return {sheet, popped, finished, 0, newly, 0}
`;

/** The sheet in the shared Redis or Valkey, for any number of servers pointed at it. */
export function redisBubbleStore(redis: () => RedisClient): BubbleStore {
  return {
    async sheet(size) {
      const [sheet, storedSize, popped, finished, raw] = (await redis().sendCommand(
        ["EVAL", SHEET, "2", STATE, BITS, String(size)],
        bufferReplies(),
      )) as [number, number, number, number, Buffer];
      // SETBIT grows the string only as far as the highest bit set: the rest is unpopped.
      const bits = new Uint8Array(bytesFor(Number(storedSize)));
      bits.set(raw.subarray(0, bits.length));
      return {
        sheet: Number(sheet),
        size: Number(storedSize),
        popped: Number(popped),
        finished: Number(finished),
        bits,
      };
    },
    async pop(sheet, indexes, size) {
      const [current, popped, finished, next, newly, nextSize] = (await sendWrite(redis(), [
        "EVAL",
        POP,
        "2",
        STATE,
        BITS,
        String(sheet),
        String(size),
        ...indexes.map(String),
      ])) as [number, number, number, number, number[], number];
      const result: PopResult = {
        sheet: Number(current),
        newly: newly.map(Number),
        popped: Number(popped),
        finished: Number(finished),
      };
      if (Number(next) > 0) {
        result.next = Number(next);
        result.size = Number(nextSize);
      }
      return result;
    },
  };
}
