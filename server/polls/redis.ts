import { ANSWERS, type Counts, QUESTIONS } from "../../contracts/polls.ts";
import { luaGeneration, newGeneration } from "../live/generation.ts";
import type { RedisClient } from "../ops/backends.ts";
import { sendWrite } from "../ops/replica-wait.ts";
import { FORGET_PER_WRITE, noCounts, type PollStore, type VoteOutcome } from "./store.ts";

// Under the site's hash tag, so a Redis Cluster keeps them on one node and one script may touch all.
/** Each remembered vote: "q:visitor" -> answer. */
const VOTES = "{pointless}:polls:votes";
/** The counts: "q:a" -> votes. */
const TALLIES = "{pointless}:polls:tallies";
/** The remembered votes' fields in the order they were cast, for forgetting the first past the cap. */
const ORDER = "{pointless}:polls:order";
/** The generation of the data above (server/live/generation.ts). */
const GENERATION = "{pointless}:polls:generation";

/** Every tally, with the data's generation (made now if there is none). */
const COUNTS = `${luaGeneration(2, 1)}
return {generation, redis.call('HGETALL', KEYS[1])}
`;

/**
 * A batch of votes in one step Redis runs atomically, whichever server asks: for each, HSETNX
 * remembers it if the visitor has no vote on the question yet, and only then HINCRBY raises the
 * tally; otherwise the vote that stands is read. Past the cap, the votes cast first are forgotten.
 * Returns each vote's outcome (counted 1/0, answer), every tally, and the data's generation (KEYS[4],
 * made from ARGV[3] if there is none).
 */
const VOTE = `${luaGeneration(4, 3)}
local outcomes = {}
local added = 0
for k = 4, #ARGV, 3 do
  local q, a, device = ARGV[k], ARGV[k + 1], ARGV[k + 2]
  local field = q .. ':' .. device
  if redis.call('HSETNX', KEYS[1], field, a) == 1 then
    redis.call('RPUSH', KEYS[3], field)
    redis.call('HINCRBY', KEYS[2], q .. ':' .. a, 1)
    added = added + 1
    outcomes[#outcomes + 1] = 1
    outcomes[#outcomes + 1] = tonumber(a)
  else
    outcomes[#outcomes + 1] = 0
    outcomes[#outcomes + 1] = tonumber(redis.call('HGET', KEYS[1], field))
  end
end
local over = redis.call('HLEN', KEYS[1]) - tonumber(ARGV[1])
if over > 0 then
  for _, field in ipairs(redis.call('LPOP', KEYS[3], math.min(over, added + tonumber(ARGV[2]))) or {}) do
    redis.call('HDEL', KEYS[1], field)
  end
end
return {outcomes, redis.call('HGETALL', KEYS[2]), generation}
`;

/** The counts from the tallies' fields and values, in turn ("q:a", votes); a field that is not one is left out. */
function countsOf(flat: readonly unknown[]): Counts[] {
  const counts = noCounts(QUESTIONS);
  for (let k = 0; k + 1 < flat.length; k += 2) {
    const [field, value] = [String(flat[k]), flat[k + 1]];
    const [q, a] = field.split(":").map(Number) as [number, number];
    const question = counts[q];
    if (question && a >= 0 && a < ANSWERS) question[a] = Number(value);
  }
  return counts;
}

/** The polls in the shared Redis or Valkey, for any number of servers pointed at it. */
export function redisPollStore(redis: () => RedisClient, maxVotes: number): PollStore {
  return {
    async counts() {
      const [generation, tallies] = (await redis().sendCommand([
        "EVAL",
        COUNTS,
        "2",
        TALLIES,
        GENERATION,
        newGeneration(),
      ])) as [string, string[]];
      return { counts: countsOf(tallies), generation: String(generation) };
    },
    async vote(votes) {
      const [outcomes, tallies, generation] = (await sendWrite(redis(), [
        "EVAL",
        VOTE,
        "4",
        VOTES,
        TALLIES,
        ORDER,
        GENERATION,
        String(maxVotes),
        String(FORGET_PER_WRITE),
        newGeneration(),
        ...votes.flatMap(({ q, a, device }) => [String(q), String(a), device]),
      ])) as [number[], string[], string];
      return {
        generation: String(generation),
        outcomes: votes.map(
          (_, k): VoteOutcome => ({ counted: Number(outcomes[2 * k]) === 1, answer: Number(outcomes[2 * k + 1]) }),
        ),
        counts: countsOf(tallies),
      };
    },
  };
}
