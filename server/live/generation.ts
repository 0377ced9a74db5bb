import { randomBytes } from "node:crypto";
import type { DatabaseSync } from "node:sqlite";

/**
 * A store's data has a generation: an id written beside it when it is first made, and read with
 * every reading of it. A topic whose copy only ever takes the larger of two readings (counts that
 * only grow) cannot tell from the numbers that the store lost its data (Redis flushed, or
 * restarted without persistence) and began again from nothing; a reading of another generation
 * says so, and replaces the copy whole. SQLite's data is not lost that way, but keeps one too, so
 * both stores answer alike.
 */
export const newGeneration = () => randomBytes(6).toString("base64url");

/**
 * Lua for a Redis script: `local generation` is the one kept at `KEYS[key]`, written from
 * `ARGV[arg]` (a new generation the caller made) when there is none: the data begins now.
 */
export const luaGeneration = (key: number, arg: number) => `
local generation = redis.call('GET', KEYS[${key}])
if not generation then
  generation = ARGV[${arg}]
  redis.call('SET', KEYS[${key}], generation)
end
`;

/** The generation of the data `name` in a SQLite file: made once, with the table that keeps them. */
export function sqliteGeneration(handle: DatabaseSync, name: string): string {
  handle.exec("CREATE TABLE IF NOT EXISTS store_generations (name TEXT PRIMARY KEY, generation TEXT NOT NULL)");
  handle.prepare("INSERT OR IGNORE INTO store_generations (name, generation) VALUES (?, ?)").run(name, newGeneration());
  const row = handle.prepare("SELECT generation FROM store_generations WHERE name = ?").get(name) as {
    generation: string;
  };
  return row.generation;
}
