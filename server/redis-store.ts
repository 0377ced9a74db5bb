import { createClient } from "redis";
import { type ClickStore, REMEMBER_BATCHES_MS } from "./store.ts";

// Both keys share the hash tag {pointless}, so a Redis Cluster keeps them on one node and the
// script below can touch both.
const TOTAL = "{pointless}:total";
const batchKey = (batch: string) => `{pointless}:batch:${batch}`;

/**
 * Records the batch id (with an expiry) and raises the total, in one step Redis runs atomically:
 * a batch is counted once however many servers receive it, and a crash cannot record one
 * without the other.
 */
const ADD_ONCE = `
if redis.call('SET', KEYS[2], ARGV[1], 'NX', 'PX', ARGV[2]) then
  return {redis.call('INCRBY', KEYS[1], ARGV[1]), 1}
end
return {tonumber(redis.call('GET', KEYS[1]) or '0'), 0}
`;

/** The total in Redis or Valkey at `url` (redis://host:port), shared by every server pointed at it. */
export async function openRedisStore(url: string): Promise<ClickStore> {
  const client = createClient({ url });
  // The client reconnects by itself; while it is away, requests fail and the API answers 503.
  client.on("error", () => {});
  await client.connect();
  return {
    async total() {
      return Number((await client.get(TOTAL)) ?? 0);
    },
    async add(batch, clicks) {
      const reply = (await client.sendCommand([
        "EVAL",
        ADD_ONCE,
        "2",
        TOTAL,
        batchKey(batch),
        String(clicks),
        String(REMEMBER_BATCHES_MS),
      ])) as [number, number];
      return { total: Number(reply[0]), added: Number(reply[1]) === 1 };
    },
    async has(batch) {
      return (await client.exists(batchKey(batch))) === 1;
    },
    async close() {
      await client.close();
    },
  };
}
