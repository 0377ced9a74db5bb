import type { DatabaseSync } from "node:sqlite";
import { PAGE_MEMORY_MS } from "../../contracts/claps.ts";
import { inTransaction, onSqlite } from "../backends.ts";
import { sqliteGeneration } from "../live/generation.ts";
import { admit, type PageRecord } from "./replay-window.ts";
import type { AddResult, ClapStore } from "./store.ts";

/** Pages forgotten per write, at most: housekeeping a few rows at a time, never a scan of the table. */
const FORGET_PER_WRITE = 8;

/**
 * The total in the shared SQLite file: one row, raised by one UPDATE per write, in the same
 * transaction as the pages' replay windows (one row per page that clapped, forgotten a day after
 * its last batch), so a write is all in or not at all, and a commit survives the process being
 * killed (WAL, backends.ts).
 */
export function sqliteClapStore(db: () => DatabaseSync, memoryMs = PAGE_MEMORY_MS): ClapStore {
  const statements = onSqlite(db, prepare);
  return {
    async total() {
      const s = statements();
      const row = s.total.get() as { total: number | bigint } | undefined;
      return { total: Number(row?.total ?? 0), generation: s.generation };
    },
    async add(batches, now) {
      const s = statements();
      return inTransaction(s.handle, (): AddResult => {
        const records = new Map<string, PageRecord | null>();
        const admissions: AddResult["admissions"] = [];
        let added = 0;
        for (const { page, batch, count } of batches) {
          if (!records.has(page)) {
            const row = s.page.get(page, now - memoryMs) as { top: number | bigint; mask: number | bigint } | undefined;
            records.set(page, row ? { top: Number(row.top), mask: Number(row.mask) } : null);
          }
          const { record, admission } = admit(records.get(page) ?? null, batch);
          records.set(page, record);
          admissions.push(admission);
          if (admission === "counted") added += count;
        }
        for (const [page, record] of records) if (record) s.savePage.run(page, record.top, record.mask, now);
        if (added > 0) s.raise.run(added);
        s.forget.run(now - memoryMs, FORGET_PER_WRITE);
        const row = s.total.get() as { total: number | bigint } | undefined;
        return { total: Number(row?.total ?? 0), admissions, generation: s.generation };
      });
    },
  };
}

function prepare(handle: DatabaseSync) {
  handle.exec(`
    CREATE TABLE IF NOT EXISTS claps_total (id INTEGER PRIMARY KEY CHECK (id = 1), total INTEGER NOT NULL);
    CREATE TABLE IF NOT EXISTS clap_pages (
      page TEXT PRIMARY KEY, top INTEGER NOT NULL, mask INTEGER NOT NULL, seen INTEGER NOT NULL
    );
    CREATE INDEX IF NOT EXISTS clap_pages_seen ON clap_pages (seen);
  `);
  return {
    handle,
    generation: sqliteGeneration(handle, "claps"),
    total: handle.prepare("SELECT total FROM claps_total WHERE id = 1"),
    raise: handle.prepare(
      "INSERT INTO claps_total (id, total) VALUES (1, ?1) ON CONFLICT (id) DO UPDATE SET total = total + ?1",
    ),
    // A page idle longer than the memory is as good as forgotten, even before its row is removed.
    page: handle.prepare("SELECT top, mask FROM clap_pages WHERE page = ? AND seen >= ?"),
    savePage: handle.prepare(
      "INSERT INTO clap_pages (page, top, mask, seen) VALUES (?, ?, ?, ?) ON CONFLICT (page) DO UPDATE SET top = excluded.top, mask = excluded.mask, seen = excluded.seen",
    ),
    forget: handle.prepare(
      "DELETE FROM clap_pages WHERE page IN (SELECT page FROM clap_pages WHERE seen < ? ORDER BY seen LIMIT ?)",
    ),
  };
}
