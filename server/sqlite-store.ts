import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { type ClickStore, REMEMBER_BATCHES_MS } from "./store.ts";

/**
 * The total in SQLite, in `dir/clicks.sqlite` (the folder is made on first start). WAL mode with
 * synchronous=NORMAL: a committed batch is in the operating system's hands before it is
 * acknowledged, so it survives the server being killed; only a power cut could lose the last
 * moments. One process owns the file: for several servers, use Redis.
 */
export function openSqliteStore(dir: string): ClickStore {
  mkdirSync(dir, { recursive: true });
  const db = new DatabaseSync(join(dir, "clicks.sqlite"));
  db.exec(`
    PRAGMA journal_mode = WAL;
    PRAGMA synchronous = NORMAL;
    PRAGMA busy_timeout = 5000;
    CREATE TABLE IF NOT EXISTS counter (id INTEGER PRIMARY KEY CHECK (id = 1), total INTEGER NOT NULL);
    INSERT OR IGNORE INTO counter (id, total) VALUES (1, 0);
    CREATE TABLE IF NOT EXISTS batches (id TEXT PRIMARY KEY, clicks INTEGER NOT NULL, at INTEGER NOT NULL);
    CREATE INDEX IF NOT EXISTS batches_at ON batches (at);
  `);
  const readTotal = db.prepare("SELECT total FROM counter WHERE id = 1");
  const remember = db.prepare("INSERT OR IGNORE INTO batches (id, clicks, at) VALUES (?, ?, ?)");
  const raise = db.prepare("UPDATE counter SET total = total + ? WHERE id = 1");
  const forget = db.prepare("DELETE FROM batches WHERE at < ?");
  const find = db.prepare("SELECT 1 AS found FROM batches WHERE id = ?");
  const totalNow = () => Number((readTotal.get() as { total: number | bigint }).total);

  // Old batch ids are forgotten once an hour (a retry that late is not a retry any more).
  const prune = setInterval(() => forget.run(Date.now() - REMEMBER_BATCHES_MS), 60 * 60 * 1000);
  prune.unref();

  return {
    async total() {
      return totalNow();
    },
    async add(batch, clicks) {
      db.exec("BEGIN IMMEDIATE");
      try {
        const added = Number(remember.run(batch, clicks, Date.now()).changes) === 1;
        if (added) raise.run(clicks);
        const total = totalNow();
        db.exec("COMMIT");
        return { total, added };
      } catch (error) {
        db.exec("ROLLBACK");
        throw error;
      }
    },
    async has(batch) {
      return find.get(batch) !== undefined;
    },
    async close() {
      clearInterval(prune);
      db.close();
    },
  };
}
