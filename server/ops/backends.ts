import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { errorText, type Logger } from "./log.ts";
import { openRedisLink, type RedisClient, type RedisSettings, type Subscriber } from "./redis.ts";
import type { ReplicaCount } from "./replica-wait.ts";
import { createStoreGuard, type StoreOutcome, StoreUnavailable } from "./store-guard.ts";

/**
 * The stores every live feature shares: one SQLite file (the default, one machine) or Redis
 * (REDIS_URL, or a primary with replicas through REDIS_SENTINELS: several servers share it; redis.ts).
 * Opening never keeps the server from starting: it waits for the store's first try (`firstTry`, at
 * most the store's deadline), then pages are served, and the features answer 503 until their store
 * answers.
 */
export type { RedisClient } from "./redis.ts";

export interface Backends {
  readonly kind: "sqlite" | "redis";
  /** Where the data lives, for the start-up log line (never a password). */
  readonly where: string;
  /** The SQLite handle; throws StoreUnavailable while it cannot be opened. */
  sqlite(): DatabaseSync;
  /** The Redis client; commands fail at once while it is not connected. */
  redis(): RedisClient;
  /** Every call to a store runs through this guard: a deadline, and its state in the log. */
  readonly guard: ReturnType<typeof createStoreGuard>;
  /** The connection the bus listens on (Redis only). */
  subscriber(): Subscriber;
  /** The Redis primary in use ("host:port"; undefined on SQLite, or while none answers). */
  primary(): string | undefined;
  /** The replicas the Redis primary had connected at the last look (null: not watched; "unknown": it does not say). */
  replicas(): ReplicaCount | null;
  /** The store answers a trivial question (for /readyz). */
  ping(): Promise<void>;
  /**
   * Settles once the store's first connection is ready or its try has failed (SQLite: opened or
   * not, at once). A server listens after it, so it takes no request it would refuse only because
   * its connection was still being made.
   */
  readonly firstTry: Promise<void>;
  close(): Promise<void>;
}

export interface BackendOptions {
  redisUrl?: string;
  /** A primary with replicas, found through these Sentinels under REDIS_SENTINEL_NAME. */
  redisSentinels?: RedisSettings["sentinels"];
  redisSentinelName?: string;
  redisPassword?: string;
  redisSentinelPassword?: string;
  /** A write is acknowledged once this many of the primary's connected replicas have it (0: at once). */
  redisWaitReplicas?: number;
  /** With none connected, how long writes are refused before the primary alone acknowledges them. */
  redisAloneAfterMs?: number;
  dataDir: string;
  deadlineMs: number;
  log: Logger;
  /** Told of every store call (createStoreGuard's `observe`). */
  observe?: (store: string, outcome: StoreOutcome, seconds: number) => void;
}

const guardFor = (name: string, { deadlineMs, log, observe }: BackendOptions) =>
  createStoreGuard({
    name,
    deadlineMs,
    log,
    observe: observe && ((outcome, seconds) => observe(name, outcome, seconds)),
  });

export function openBackends(options: BackendOptions): Backends {
  return options.redisUrl || options.redisSentinels ? openRedis(options) : openSqlite(options);
}

function openSqlite(options: BackendOptions): Backends {
  const { dataDir, log } = options;
  const guard = guardFor("sqlite", options);
  let db: DatabaseSync | undefined;
  let triedAt = Number.NEGATIVE_INFINITY;

  function sqlite(): DatabaseSync {
    if (db) return db;
    // A folder that cannot be written is tried again every few seconds, not on every request.
    if (Date.now() - triedAt < 5000) throw new StoreUnavailable("the SQLite file cannot be opened");
    triedAt = Date.now();
    mkdirSync(dataDir, { recursive: true });
    const opened = new DatabaseSync(join(dataDir, "clicks.sqlite"));
    // WAL with synchronous=NORMAL: a commit is in the operating system's hands before it is
    // acknowledged, so it survives the process being killed. Another process holding the file
    // makes a call wait at most 250 ms (SQLite calls block the event loop), then fail as a 503.
    opened.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 250;");
    db = opened;
    return db;
  }
  try {
    sqlite();
    guard.mark(true);
  } catch (error) {
    guard.mark(false, error);
    log.error("cannot open the SQLite store; pages are served, the live features answer 503", {
      error: errorText(error),
    });
  }

  return {
    kind: "sqlite",
    where: `SQLite in ${dataDir}/`,
    sqlite,
    redis: () => {
      throw new Error("this server runs on SQLite");
    },
    subscriber: () => {
      throw new Error("this server runs on SQLite");
    },
    primary: () => undefined,
    replicas: () => null,
    guard,
    ping: () => guard.run(() => void sqlite().prepare("SELECT 1").get()),
    firstTry: Promise.resolve(),
    async close() {
      db?.close();
      db = undefined;
    },
  };
}

function openRedis(options: BackendOptions): Backends {
  const guard = guardFor("redis", options);
  const link = openRedisLink({
    url: options.redisUrl,
    sentinels: options.redisSentinels,
    sentinelName: options.redisSentinelName,
    password: options.redisPassword,
    sentinelPassword: options.redisSentinelPassword,
    waitReplicas: options.redisWaitReplicas,
    aloneAfterMs: options.redisAloneAfterMs,
    deadlineMs: options.deadlineMs,
    log: options.log,
    mark: guard.mark,
  });
  const { client } = link;
  return {
    kind: "redis",
    where: link.where,
    sqlite: () => {
      throw new Error("this server runs on Redis");
    },
    redis: () => client,
    subscriber: link.subscriber,
    primary: link.primary,
    replicas: link.replicas,
    guard,
    ping: () => guard.run(async () => void (await client.ping())),
    firstTry: link.firstTry,
    close: link.close,
  };
}

/** Statements made once per SQLite handle (it may be opened late, or again after a failure). */
export function onSqlite<T>(db: () => DatabaseSync, prepare: (handle: DatabaseSync) => T): () => T {
  let made: T | undefined;
  let madeFor: DatabaseSync | undefined;
  return () => {
    const handle = db();
    if (handle !== madeFor) {
      made = prepare(handle);
      madeFor = handle;
    }
    return made as T;
  };
}

/** Runs `work` in one write transaction: all of it is committed, or none of it. */
export function inTransaction<T>(handle: DatabaseSync, work: () => T): T {
  handle.exec("BEGIN IMMEDIATE");
  try {
    const result = work();
    handle.exec("COMMIT");
    return result;
  } catch (error) {
    if (handle.isTransaction) handle.exec("ROLLBACK");
    throw error;
  }
}
