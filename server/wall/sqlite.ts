import type { DatabaseSync } from "node:sqlite";
import { emptyCells, WALL_SIZE } from "../../contracts/wall.ts";
import { sqliteGeneration } from "../live/generation.ts";
import { inTransaction, onSqlite } from "../ops/backends.ts";
import {
  FORGET_PER_WRITE,
  MAX_PAINT_IDS,
  PAINT_MEMORY_MS,
  type Paint,
  type PaintMemory,
  type StoredWall,
  type WallStore,
} from "./store.ts";

interface Row {
  version: number | bigint;
  cells: Uint8Array;
}

/**
 * The wall in the shared SQLite file: one row with its version and the cells as a 200-byte blob,
 * rewritten in one transaction per batch of paints (WAL: a committed batch survives a kill), with
 * the ids of the paints applied (a table of them, with when, and how many there are beside it:
 * counting the table on every write would not be cheap).
 */
export function sqliteWallStore(
  db: () => DatabaseSync,
  { memoryMs = PAINT_MEMORY_MS, maxIds = MAX_PAINT_IDS }: PaintMemory = {},
): WallStore {
  const statements = onSqlite(db, prepare);
  const read = (row: Row | undefined, generation: string): StoredWall => {
    const cells = emptyCells();
    // A wall written by a build with another size keeps what fits.
    if (row) cells.set(new Uint8Array(row.cells).subarray(0, WALL_SIZE));
    return { cells, version: row ? Number(row.version) : 0, generation };
  };
  return {
    async wall() {
      const s = statements();
      return read(s.read.get() as Row | undefined, s.generation);
    },
    async applied(id, now) {
      return statements().applied.get(id, now - memoryMs) !== undefined;
    },
    async paint(paints, now) {
      const s = statements();
      const since = now - memoryMs;
      return inTransaction(s.handle, () => {
        const wall = read(s.read.get() as Row | undefined, s.generation);
        const painted: Paint[] = [];
        let added = 0;
        for (const { id, cell, e } of paints) {
          // An id remembered past its memory is forgotten now, and this paint is a new one.
          const forgotten = s.forgetOne.all(id, since).length;
          if (s.remember.all(id, now).length === 0) continue;
          added += 1 - forgotten;
          wall.cells[cell] = e + 1;
          painted.push([cell, e]);
        }
        // Housekeeping a few rows a write: the expired first, then the oldest past the cap.
        let remembered =
          s.rememberedCount() + added - s.forgetExpired.all(since, painted.length + FORGET_PER_WRITE).length;
        const over = remembered - maxIds;
        if (over > 0) remembered -= s.forgetOldest.all(Math.min(over, painted.length + FORGET_PER_WRITE)).length;
        s.setRemembered.run(remembered);
        if (painted.length === 0) return { version: wall.version, painted, generation: s.generation };
        const version = wall.version + 1;
        s.write.run(version, wall.cells);
        return { version, painted, generation: s.generation };
      });
    },
  };
}

function prepare(handle: DatabaseSync) {
  handle.exec(`
    CREATE TABLE IF NOT EXISTS emoji_wall (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL, cells BLOB NOT NULL);
    CREATE TABLE IF NOT EXISTS wall_paint_ids (id TEXT PRIMARY KEY, at INTEGER NOT NULL);
    CREATE INDEX IF NOT EXISTS wall_paint_ids_at ON wall_paint_ids (at);
    CREATE TABLE IF NOT EXISTS wall_paint_memory (id INTEGER PRIMARY KEY CHECK (id = 1), remembered INTEGER NOT NULL);
    INSERT OR IGNORE INTO wall_paint_memory (id, remembered) VALUES (1, (SELECT COUNT(*) FROM wall_paint_ids));
  `);
  const readRemembered = handle.prepare("SELECT remembered FROM wall_paint_memory WHERE id = 1");
  return {
    handle,
    generation: sqliteGeneration(handle, "wall"),
    read: handle.prepare("SELECT version, cells FROM emoji_wall WHERE id = 1"),
    write: handle.prepare(
      "INSERT INTO emoji_wall (id, version, cells) VALUES (1, ?, ?) ON CONFLICT (id) DO UPDATE SET version = excluded.version, cells = excluded.cells",
    ),
    applied: handle.prepare("SELECT 1 FROM wall_paint_ids WHERE id = ? AND at > ?"),
    forgetOne: handle.prepare("DELETE FROM wall_paint_ids WHERE id = ? AND at <= ? RETURNING 1"),
    remember: handle.prepare(
      "INSERT INTO wall_paint_ids (id, at) VALUES (?, ?) ON CONFLICT (id) DO NOTHING RETURNING 1",
    ),
    forgetExpired: handle.prepare(
      "DELETE FROM wall_paint_ids WHERE id IN (SELECT id FROM wall_paint_ids WHERE at <= ? ORDER BY at LIMIT ?) RETURNING 1",
    ),
    forgetOldest: handle.prepare(
      "DELETE FROM wall_paint_ids WHERE id IN (SELECT id FROM wall_paint_ids ORDER BY at LIMIT ?) RETURNING 1",
    ),
    rememberedCount: () => Number((readRemembered.get() as { remembered: number | bigint }).remembered),
    setRemembered: handle.prepare("UPDATE wall_paint_memory SET remembered = ? WHERE id = 1"),
  };
}
