import type { DatabaseSync } from "node:sqlite";
import { bytesFor, setPopped } from "../../contracts/bubbles.ts";
import { inTransaction, onSqlite } from "../ops/backends.ts";
import type { BubbleStore, PopResult, StoredSheet } from "./store.ts";

interface Row {
  sheet: number | bigint;
  size: number | bigint;
  popped: number | bigint;
  finished: number | bigint;
  bits: Uint8Array;
}

const asSheet = (row: Row): StoredSheet => ({
  sheet: Number(row.sheet),
  size: Number(row.size),
  popped: Number(row.popped),
  finished: Number(row.finished),
  bits: new Uint8Array(row.bits),
});

/**
 * The sheet in the shared SQLite file: one row holding its number, size, counts and the bitset as a
 * blob, changed in one transaction per batch of pops (the hub gathers them for a few dozen
 * milliseconds, so even a million-bubble sheet is rewritten a few times a second at most).
 */
export function sqliteBubbleStore(db: () => DatabaseSync): BubbleStore {
  const statements = onSqlite(db, prepare);
  return {
    async sheet(size) {
      const s = statements();
      return inTransaction(s.handle, () => {
        const row = s.read.get() as Row | undefined;
        if (row) return asSheet(row);
        const bits = new Uint8Array(bytesFor(size));
        s.write.run(1, size, 0, 0, bits);
        return { sheet: 1, size, popped: 0, finished: 0, bits };
      });
    },
    async pop(sheet, indexes, size) {
      const s = statements();
      return inTransaction(s.handle, (): PopResult => {
        const row = s.read.get() as Row | undefined;
        const current = row
          ? asSheet(row)
          : { sheet: 1, size, popped: 0, finished: 0, bits: new Uint8Array(bytesFor(size)) };
        // No sheet at all: a first one begins.
        if (!row) s.write.run(current.sheet, size, 0, 0, current.bits);
        if (current.sheet !== sheet) {
          return { sheet: current.sheet, newly: [], popped: current.popped, finished: current.finished };
        }
        const newly = indexes.filter((i) => i >= 0 && i < current.size && setPopped(current.bits, i));
        const popped = current.popped + newly.length;
        if (popped >= current.size) {
          const finished = current.finished + 1;
          s.write.run(sheet + 1, size, 0, finished, new Uint8Array(bytesFor(size)));
          return { sheet, newly, popped, finished, next: sheet + 1, size };
        }
        if (newly.length > 0) s.write.run(sheet, current.size, popped, current.finished, current.bits);
        return { sheet, newly, popped, finished: current.finished };
      });
    },
  };
}

function prepare(handle: DatabaseSync) {
  handle.exec(`
    CREATE TABLE IF NOT EXISTS bubble_sheet (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      sheet INTEGER NOT NULL, size INTEGER NOT NULL, popped INTEGER NOT NULL, finished INTEGER NOT NULL,
      bits BLOB NOT NULL
    );
  `);
  return {
    handle,
    read: handle.prepare("SELECT sheet, size, popped, finished, bits FROM bubble_sheet WHERE id = 1"),
    write: handle.prepare(
      "INSERT INTO bubble_sheet (id, sheet, size, popped, finished, bits) VALUES (1, ?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET sheet = excluded.sheet, size = excluded.size, popped = excluded.popped, finished = excluded.finished, bits = excluded.bits",
    ),
  };
}
