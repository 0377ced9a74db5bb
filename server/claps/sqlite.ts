import type { DatabaseSync } from "node:sqlite";
import { PAGE_MEMORY_MS } from "../../contracts/claps.ts";
import { sqliteGeneration } from "../live/generation.ts";
import { inTransaction, onSqlite } from "../ops/backends.ts";
import { admit, type PageRecord } from "./replay-window.ts";
import { type AddResult, type ClapStore, DEFAULT_MAX_PAGES } from "./store.ts";

/**
 * Expired pages forgotten per write: a few at least, and twice as many as the write made new, so
 * expiry keeps up with creation whatever pages send (housekeeping by the `seen` index, never a
 * scan of the table).
 */
const FORGET_PER_WRITE = 8;

/**
 * The total in the shared SQLite file: one row, raised by one UPDATE per write, in the same
 * transaction as the pages' replay windows (one row per page that clapped, forgotten a day after
 * its last batch), so a write is all in or not at all, and a commit survives the process being
 * killed (WAL, backends.ts).
 */
export function sqliteClapStore(
  db: () => DatabaseSync,
  memoryMs = PAGE_MEMORY_MS,
  maxPages = DEFAULT_MAX_PAGES,
): ClapStore {
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
        let made = 0;
        for (const { page, batch, count } of batches) {
          if (!records.has(page)) {
            const row = s.page.get(page) as
              | { top: number | bigint; mask: number | bigint; seen: number | bigint }
              | undefined;
            if (!row) made++;
            // A page idle longer than the memory is as good as forgotten, even before its row goes.
            const live = row && Number(row.seen) >= now - memoryMs;
            records.set(page, live ? { top: Number(row.top), mask: Number(row.mask) } : null);
          }
          const { record, admission } = admit(records.get(page) ?? null, batch);
          records.set(page, record);
          admissions.push(admission);
          if (admission === "counted") added += count;
        }
        for (const [page, record] of records) if (record) s.savePage.run(page, record.top, record.mask, now);
        if (added > 0) s.raise.run(added);
        let pages = Number((s.pageCount.get() as { n: number | bigint }).n) + made;
        pages -= Number(s.forget.run(now - memoryMs, Math.max(FORGET_PER_WRITE, 2 * made)).changes);
        if (pages > maxPages) pages -= Number(s.forgetOldest.run(pages - maxPages).changes);
        s.setPageCount.run(pages);
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
    CREATE TABLE IF NOT EXISTS clap_pages_count (id INTEGER PRIMARY KEY CHECK (id = 1), n INTEGER NOT NULL);
    INSERT OR IGNORE INTO clap_pages_count (id, n) VALUES (1, (SELECT count(*) FROM clap_pages));
  `);
  return {
    handle,
    generation: sqliteGeneration(handle, "claps"),
    total: handle.prepare("SELECT total FROM claps_total WHERE id = 1"),
    raise: handle.prepare(
      "INSERT INTO claps_total (id, total) VALUES (1, ?1) ON CONFLICT (id) DO UPDATE SET total = total + ?1",
    ),
    page: handle.prepare("SELECT top, mask, seen FROM clap_pages WHERE page = ?"),
    // How many rows there are, kept beside them (a count(*) would read the whole index every write).
    pageCount: handle.prepare("SELECT n FROM clap_pages_count WHERE id = 1"),
    setPageCount: handle.prepare("UPDATE clap_pages_count SET n = ? WHERE id = 1"),
    forgetOldest: handle.prepare(
      "DELETE FROM clap_pages WHERE page IN (SELECT page FROM clap_pages ORDER BY seen LIMIT ?)",
    ),
    savePage: handle.prepare(
      "INSERT INTO clap_pages (page, top, mask, seen) VALUES (?, ?, ?, ?) ON CONFLICT (page) DO UPDATE SET top = excluded.top, mask = excluded.mask, seen = excluded.seen",
    ),
    forget: handle.prepare(
      "DELETE FROM clap_pages WHERE page IN (SELECT page FROM clap_pages WHERE seen < ? ORDER BY seen LIMIT ?)",
    ),
  };
}
