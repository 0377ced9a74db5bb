/**
 * Where the global click total lives. One interface, two adapters: SQLite through Node's built-in
 * `node:sqlite` (the default: nothing to install, one machine) and Redis or Valkey (several servers
 * behind a load balancer share one total). Both count a batch at most once, by its id, and only
 * ever add to the total.
 */
export interface ClickStore {
  /** The total of every click ever counted. */
  total(): Promise<number>;
  /**
   * Counts `clicks` under the batch id `batch`, unless that id was counted before; then nothing
   * changes. Atomic: the batch is recorded and the total raised together, or neither.
   */
  add(batch: string, clicks: number): Promise<{ total: number; added: boolean }>;
  /** Whether the batch id was counted (and is still remembered). */
  has(batch: string): Promise<boolean>;
  close(): Promise<void>;
}

/** How long a batch id is remembered, so a retry of it is refused: longer than any visitor stays offline. */
export const REMEMBER_BATCHES_MS = 30 * 24 * 60 * 60 * 1000;

/** The store the environment asks for: Redis at `REDIS_URL`, otherwise SQLite in `COUNTER_DATA_DIR`. */
export async function openStore(env: Record<string, string | undefined> = process.env): Promise<ClickStore> {
  if (env.REDIS_URL) {
    const { openRedisStore } = await import("./redis-store.ts");
    return openRedisStore(env.REDIS_URL);
  }
  const { openSqliteStore } = await import("./sqlite-store.ts");
  return openSqliteStore(env.COUNTER_DATA_DIR ?? "data");
}
