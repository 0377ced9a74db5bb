import type { DatabaseSync } from "node:sqlite";
import { emptyCells, WALL_SIZE } from "../../contracts/wall.ts";
import { inTransaction, onSqlite } from "../backends.ts";
import type { StoredWall, WallStore } from "./store.ts";

interface Row {
  version: number | bigint;
  cells: Uint8Array;
}

/**
 * The wall in the shared SQLite file: one row with its version and the cells as a 200-byte blob,
 * rewritten in one transaction per batch of paints (WAL: a committed batch survives a kill).
 */
export function sqliteWallStore(db: () => DatabaseSync): WallStore {
  const statements = onSqlite(db, prepare);
  const read = (row: Row | undefined): StoredWall => {
    const cells = emptyCells();
    // A wall written by a build with another size keeps what fits.
    if (row) cells.set(new Uint8Array(row.cells).subarray(0, WALL_SIZE));
    return { cells, version: row ? Number(row.version) : 0 };
  };
  return {
    async wall() {
      return read(statements().read.get() as Row | undefined);
    },
    async paint(paints) {
      const s = statements();
      return inTransaction(s.handle, () => {
        const wall = read(s.read.get() as Row | undefined);
        for (const [cell, e] of paints) wall.cells[cell] = e + 1;
        const version = wall.version + 1;
        s.write.run(version, wall.cells);
        return version;
      });
    },
  };
}

function prepare(handle: DatabaseSync) {
  handle.exec(
    "CREATE TABLE IF NOT EXISTS emoji_wall (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL, cells BLOB NOT NULL);",
  );
  return {
    handle,
    read: handle.prepare("SELECT version, cells FROM emoji_wall WHERE id = 1"),
    write: handle.prepare(
      "INSERT INTO emoji_wall (id, version, cells) VALUES (1, ?, ?) ON CONFLICT (id) DO UPDATE SET version = excluded.version, cells = excluded.cells",
    ),
  };
}
