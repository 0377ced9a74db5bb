import type { DatabaseSync } from "node:sqlite";
import { ANSWERS, type Counts, QUESTIONS } from "../../contracts/polls.ts";
import { sqliteGeneration } from "../live/generation.ts";
import { inTransaction, onSqlite } from "../ops/backends.ts";
import { FORGET_PER_WRITE, noCounts, type PollStore, type VoteOutcome } from "./store.ts";

/**
 * The polls in the shared SQLite file: a votes table, one row per (question, visitor) held to that
 * by its UNIQUE constraint, and a tallies table; a batch of votes, the tallies it raises and the
 * housekeeping (past the cap, the votes cast first are forgotten first: the table's own order of
 * insertion, its rowid) commit in one transaction.
 */
export function sqlitePollStore(db: () => DatabaseSync, maxVotes: number): PollStore {
  const statements = onSqlite(db, prepare);
  return {
    async counts() {
      const s = statements();
      return { counts: s.counts(), generation: s.generation };
    },
    async vote(votes) {
      const s = statements();
      return inTransaction(s.handle, () => {
        const outcomes = votes.map(({ q, a, device }): VoteOutcome => {
          if (s.remember.get(q, device, a)) {
            s.tally.run(q, a);
            return { counted: true, answer: a };
          }
          const earlier = s.find.get(q, device) as { answer: number | bigint };
          return { counted: false, answer: Number(earlier.answer) };
        });
        const added = outcomes.filter((outcome) => outcome.counted).length;
        if (added > 0) s.remembered.run(added);
        const over = s.rememberedCount() - maxVotes;
        if (over > 0) s.remembered.run(-s.forget.all(Math.min(over, added + FORGET_PER_WRITE)).length);
        return { outcomes, counts: s.counts(), generation: s.generation };
      });
    },
  };
}

function prepare(handle: DatabaseSync) {
  handle.exec(`
    CREATE TABLE IF NOT EXISTS poll_votes (
      question INTEGER NOT NULL, device TEXT NOT NULL, answer INTEGER NOT NULL, UNIQUE (question, device)
    );
    CREATE TABLE IF NOT EXISTS poll_tallies (
      question INTEGER NOT NULL, answer INTEGER NOT NULL, votes INTEGER NOT NULL, PRIMARY KEY (question, answer)
    );
    -- How many votes are remembered, kept beside them (counting the table on every write would not be cheap).
    CREATE TABLE IF NOT EXISTS poll_memory (id INTEGER PRIMARY KEY CHECK (id = 1), remembered INTEGER NOT NULL);
    INSERT OR IGNORE INTO poll_memory (id, remembered) VALUES (1, (SELECT COUNT(*) FROM poll_votes));
  `);
  const readTallies = handle.prepare("SELECT question, answer, votes FROM poll_tallies");
  const readRemembered = handle.prepare("SELECT remembered FROM poll_memory WHERE id = 1");
  return {
    handle,
    generation: sqliteGeneration(handle, "polls"),
    counts(): Counts[] {
      const counts = noCounts(QUESTIONS);
      for (const row of readTallies.all() as { question: number; answer: number; votes: number | bigint }[]) {
        const question = counts[Number(row.question)];
        if (question && Number(row.answer) < ANSWERS) question[Number(row.answer)] = Number(row.votes);
      }
      return counts;
    },
    rememberedCount: () => Number((readRemembered.get() as { remembered: number | bigint }).remembered),
    remember: handle.prepare(
      "INSERT INTO poll_votes (question, device, answer) VALUES (?, ?, ?) ON CONFLICT (question, device) DO NOTHING RETURNING answer",
    ),
    find: handle.prepare("SELECT answer FROM poll_votes WHERE question = ? AND device = ?"),
    tally: handle.prepare(
      "INSERT INTO poll_tallies (question, answer, votes) VALUES (?, ?, 1) ON CONFLICT (question, answer) DO UPDATE SET votes = votes + 1",
    ),
    remembered: handle.prepare("UPDATE poll_memory SET remembered = remembered + ? WHERE id = 1"),
    forget: handle.prepare(
      "DELETE FROM poll_votes WHERE rowid IN (SELECT rowid FROM poll_votes ORDER BY rowid LIMIT ?) RETURNING 1",
    ),
  };
}
