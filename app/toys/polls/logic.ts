import { type Counts, isAnswer, QUESTIONS } from "../../../contracts/polls";
import { formatCount } from "../../kit/lib/format-count";

/** How long 'Thanks for voting!' stays before the next question (spec section 4). */
export const THANKS_MS = 1500;

/** The next question, cycling back to the first after the last. */
export function nextPoll(index: number, total: number): number {
  return (index + 1) % total;
}

/**
 * This device's vote on one question, as the page knows it: the answer (the server's word once
 * it has answered, else the one clicked here), whether the server has answered (`confirmed`: its
 * counts include it), whether it was cast before the latest click on the question (`earlier`: the
 * click counted nothing, and the page says which answer stands), and the answer clicked last on
 * this page, if any (not stored).
 */
export interface Ballot {
  a: number;
  confirmed: boolean;
  earlier: boolean;
  clicked?: number;
}

/** The larger of two readings of every count (counts only go up, so the larger is the later). */
export function mergeCounts(mine: Counts[] | null, theirs: Counts[]): Counts[] {
  return theirs.map((question, q) => question.map((n, a) => Math.max(n, mine?.[q]?.[a] ?? 0)) as Counts);
}

/**
 * Every count as the page holds it after a reading of all of them: of the data the page holds
 * (`gen`, contracts/polls.ts), the larger of the two; of other data (the server's store lost its
 * votes and began again), the reading replaces the page's whole, or the old larger numbers would
 * stay on screen for good.
 */
export function countsAfter(
  mine: { counts: Counts[] | null; gen: string | undefined },
  theirs: { counts: Counts[]; gen?: string },
): Counts[] {
  const another = theirs.gen !== undefined && mine.gen !== undefined && theirs.gen !== mine.gen;
  return another ? theirs.counts.map((c): Counts => [...c]) : mergeCounts(mine.counts, theirs.counts);
}

export const votesText = (n: number) => `${formatCount(n)} ${n === 1 ? "vote" : "votes"}`;

/**
 * An answer's share of the votes in words, rounded to a whole percent, except that a share above
 * nothing never reads "0%" and one short of everything never reads "100%".
 */
export function percentText(count: number, total: number): string {
  if (total <= 0 || count <= 0) return "0%";
  if (count >= total) return "100%";
  const rounded = Math.round((count / total) * 100);
  if (rounded < 1) return "less than 1%";
  if (rounded > 99) return "more than 99%";
  return `${rounded}%`;
}

/** An answer's share and votes: "41%, 5,061 votes". */
export const shareText = (count: number, total: number) => `${percentText(count, total)}, ${votesText(count)}`;

/** What one line of the results says (and a screen reader reads): "Obviously: 41%, 5,061 votes". */
export const answerLine = (answer: string, count: number, total: number) => `${answer}: ${shareText(count, total)}`;

/**
 * The sentence under 'Thanks for voting!': how everyone voted on the answer that stands for this
 * device (`mine`, an index into `answers`), with `counts` including that vote. The answer is quoted
 * exactly as the poll has it.
 */
export function resultSentence(answers: readonly string[], counts: Counts, mine: number, earlier: boolean): string {
  const said = howEveryoneVoted(
    `'${answers[mine] ?? ""}'`,
    counts[mine] ?? 0,
    counts.reduce((sum, n) => sum + n, 0),
  );
  return earlier ? `You voted on this one before, so that vote stands. ${said}` : said;
}

function howEveryoneVoted(answer: string, count: number, total: number): string {
  // A count without this vote in it yet (the server's store was emptied): no claim about it.
  if (count <= 0) return `Your vote for ${answer} is not in the count yet (${votesText(total)} so far).`;
  if (total <= 1) return `You are the first to vote on this one, and you picked ${answer}.`;
  if (count >= total) return `All ${formatCount(total)} voters so far, you included, picked ${answer}.`;
  if (count === 1) return `Only you picked ${answer}: 1 of ${formatCount(total)} voters (${percentText(1, total)}).`;
  return `You and ${percentText(count, total)} of ${formatCount(total)} voters picked ${answer}.`;
}

/**
 * This device's votes as storage holds them: per question, null or [answer, 1 when the server has
 * answered it]. Storage is untrusted: anything else reads as no vote.
 */
export function parseBallots(text: string | null | undefined): (Ballot | null)[] {
  const none = Array.from({ length: QUESTIONS }, () => null);
  try {
    const stored = JSON.parse(text ?? "null") as unknown;
    if (!Array.isArray(stored) || stored.length !== QUESTIONS) return none;
    return stored.map((entry: unknown) =>
      Array.isArray(entry) && entry.length === 2 && isAnswer(entry[0]) && (entry[1] === 0 || entry[1] === 1)
        ? { a: entry[0] as number, confirmed: entry[1] === 1, earlier: false }
        : null,
    );
  } catch {
    return none;
  }
}

export const serializeBallots = (ballots: readonly (Ballot | null)[]) =>
  JSON.stringify(ballots.map((ballot) => (ballot ? [ballot.a, ballot.confirmed ? 1 : 0] : null)));

/** How wide each answer's bar is, as a share of the question's votes (0 to 1). */
export const barShare = (count: number, total: number) => (total > 0 ? Math.min(1, count / total) : 0);
