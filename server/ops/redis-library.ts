import { createRequire } from "node:module";
import type * as Redis from "redis";

let library: typeof Redis | undefined;

/**
 * node-redis, loaded the first time a Redis store is opened or asked: a server on SQLite (the
 * default, and most of the servers the tests start) never loads it. Loading it was a third of a
 * server's start (2026-12-04, Node's compile cache warm: 0.1 s of the 0.3 s of main thread a start
 * took), and the test suites start about a hundred servers.
 */
export function redisLibrary(): typeof Redis {
  library ??= createRequire(import.meta.url)("redis") as typeof Redis;
  return library;
}

/** A command's options for replies read as bytes (a sheet's bits, a wall's cells), not text. */
export const bufferReplies = () => ({ typeMapping: { [redisLibrary().RESP_TYPES.BLOB_STRING]: Buffer } });
