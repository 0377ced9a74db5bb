import type { DatabaseSync } from "node:sqlite";
import { MAX_CLICKS_PER_SEND } from "../../contracts/clicks.ts";
import { inTransaction, onSqlite } from "../ops/backends.ts";
import { type ClickStore, countRange, type DeviceMemory, FORGET_PER_WRITE, rememberedFor } from "./store.ts";

/**
 * The click total in the shared SQLite file. One transaction per send: the device's confirmed count,
 * the total and the housekeeping (a few idle devices forgotten) commit together. One process owns
 * the file: for several servers, use Redis.
 */
export function sqliteClickStore(db: () => DatabaseSync, memory: DeviceMemory): ClickStore {
  const statements = onSqlite(db, prepare);
  return {
    async total() {
      return statements().total();
    },
    async count({ device, from, to }, now) {
      const s = statements();
      return inTransaction(s.handle, () => {
        const row = s.findDevice.get(device) as { acked: number | bigint } | undefined;
        const stored = row ? Number(row.acked) : null;
        const { counted, acked } = countRange(stored, from, to, MAX_CLICKS_PER_SEND);
        s.saveDevice.run(device, acked, now);
        if (stored === null) s.tally.run(1);
        if (counted > 0) s.raise.run(counted);
        // Housekeeping, a few rows at a time: idle devices, then the longest idle past the cap;
        // and when the latest of them was seen, so the store can say how far back it remembers.
        const forgotten = s.forgetIdle.all(now - memory.idleMs, FORGET_PER_WRITE) as { seen: number | bigint }[];
        const over = s.deviceCount() - forgotten.length - memory.maxDevices;
        if (over > 0) {
          forgotten.push(
            ...(s.forgetOldest.all(device, Math.min(over, FORGET_PER_WRITE)) as { seen: number | bigint }[]),
          );
        }
        if (forgotten.length > 0) {
          s.tally.run(-forgotten.length);
          s.noteForgotten.run(Math.max(...forgotten.map((row) => Number(row.seen))));
        }
        return { total: s.total(), counted, acked };
      });
    },
    async acked(device) {
      const row = statements().findDevice.get(device) as { acked: number | bigint } | undefined;
      return row ? Number(row.acked) : null;
    },
    async record(device, now) {
      const s = statements();
      const row = s.findDevice.get(device) as { acked: number | bigint } | undefined;
      return { acked: row ? Number(row.acked) : null, rememberedForMs: rememberedFor(memory, now, s.forgottenSeen()) };
    },
  };
}

function prepare(handle: DatabaseSync) {
  handle.exec(`
    CREATE TABLE IF NOT EXISTS counter (id INTEGER PRIMARY KEY CHECK (id = 1), total INTEGER NOT NULL);
    INSERT OR IGNORE INTO counter (id, total) VALUES (1, 0);
    CREATE TABLE IF NOT EXISTS devices (id TEXT PRIMARY KEY, acked INTEGER NOT NULL, seen INTEGER NOT NULL);
    CREATE INDEX IF NOT EXISTS devices_seen ON devices (seen);
    CREATE TABLE IF NOT EXISTS tallies (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
    INSERT OR IGNORE INTO tallies (name, value) VALUES ('devices', (SELECT COUNT(*) FROM devices));
    -- When the most recently seen device forgotten so far was last seen. A file from before this
    -- was kept starts from its oldest device: the housekeeping forgets the oldest first, so every
    -- device it forgot was seen before that one.
    INSERT OR IGNORE INTO tallies (name, value) VALUES ('forgotten_seen', COALESCE((SELECT MIN(seen) FROM devices), 0));
    -- The batch ids of the first version of the counter: replaced by one row per device.
    DROP TABLE IF EXISTS batches;
  `);
  const readTotal = handle.prepare("SELECT total FROM counter WHERE id = 1");
  const readCount = handle.prepare("SELECT value FROM tallies WHERE name = 'devices'");
  const readForgotten = handle.prepare("SELECT value FROM tallies WHERE name = 'forgotten_seen'");
  return {
    handle,
    total: () => Number((readTotal.get() as { total: number | bigint }).total),
    deviceCount: () => Number((readCount.get() as { value: number | bigint }).value),
    forgottenSeen: () => Number((readForgotten.get() as { value: number | bigint }).value),
    noteForgotten: handle.prepare("UPDATE tallies SET value = MAX(value, ?) WHERE name = 'forgotten_seen'"),
    findDevice: handle.prepare("SELECT acked FROM devices WHERE id = ?"),
    saveDevice: handle.prepare(
      "INSERT INTO devices (id, acked, seen) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET acked = excluded.acked, seen = excluded.seen",
    ),
    tally: handle.prepare("UPDATE tallies SET value = value + ? WHERE name = 'devices'"),
    raise: handle.prepare("UPDATE counter SET total = total + ? WHERE id = 1"),
    forgetIdle: handle.prepare(
      "DELETE FROM devices WHERE id IN (SELECT id FROM devices WHERE seen < ? ORDER BY seen LIMIT ?) RETURNING seen",
    ),
    forgetOldest: handle.prepare(
      "DELETE FROM devices WHERE id IN (SELECT id FROM devices WHERE id != ? ORDER BY seen LIMIT ?) RETURNING seen",
    ),
  };
}
