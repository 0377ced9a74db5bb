import { BUBBLES_TOPIC, POPS_BURST } from "../../contracts/bubbles.ts";
import { CLAPS_BURST, CLAPS_TOPIC, MAX_CLAPS_PER_BATCH, REPLAY_WINDOW } from "../../contracts/claps.ts";
import { ANSWERS, DEVICE_ID, POLLS_TOPIC, QUESTIONS, VOTES_BURST } from "../../contracts/polls.ts";
import { PALETTE, WALL_SIZE, WALL_TOPIC } from "../../contracts/wall.ts";
import type { Taken } from "./channel-verdict.ts";

/**
 * What every message the live channel takes must be answered, worked out apart from the server's
 * code: each shared toy's contract and the words of its refusals (which frames the channel takes
 * at all is channel-verdict.ts's). A server that refused every valid paint, vote or clap, or
 * answered one in another form, fails here.
 */

/** What a run knows that its answers depend on. */
export interface RunContext {
  /**
   * The channel's visitor is one of its own (no token, or one the server refuses, so a new one is
   * minted for a fresh address): every limit starts full for it. A replayed honest visitor's
   * limits are shared with earlier runs, so they may be spent.
   */
  fresh: boolean;
  /** The bubble sheets current while the run's messages were handled (one, or two if it finished meanwhile). */
  sheets: readonly number[];
  sheetSize: number;
  /** The claps' page ids seen before this run, each with the highest batch sent for it. */
  clapPages: ReadonlyMap<string, number>;
  /** The wall's cooldown as the server was started with. */
  cooldownMs: number;
}

type Answer = { topic?: string; t: string; n?: number; [field: string]: unknown };

const isWhole = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;
const isCounts = (value: unknown) => Array.isArray(value) && value.length === ANSWERS && value.every(isWhole);

/**
 * What each request of a run (the messages with `n` the channel took, in the order sent) may be
 * answered, as a check of one answer: null when it may be that, else why not. Requests of a topic
 * without rules here (a new toy) are checked by the generic rule only: an answer `ok` or `no`.
 */
export function answerRules(requests: readonly Taken[], context: RunContext): ((answer: Answer) => string | null)[] {
  // The limits a fresh visitor starts with, spent request by request in the order sent.
  let pops = 0;
  let claps = 0;
  let votes = 0;
  const paints = new Set(
    requests
      .filter((r) => r.topic === WALL_TOPIC && r.t === "paint" && isCell(r.cell) && isEmoji(r.e))
      .map((r) => r.id),
  );
  const firstVote = new Map<number, number>();
  const clapsSeen = new Map<string, number>(context.clapPages);

  return requests.map((request) => {
    const { topic, n } = request;
    const no = (error: string | RegExp, retry: boolean) => (answer: Answer) => {
      const expected = { topic, t: "no", n };
      if (answer.topic !== topic || answer.t !== "no" || answer.n !== n) return `not ${JSON.stringify(expected)}`;
      if (typeof error === "string" ? answer.error !== error : !error.test(String(answer.error))) {
        return `refused for another reason than ${error}`;
      }
      const keys = Object.keys(answer).sort().join();
      if (retry ? !(isWhole(answer.retryMs) && (answer.retryMs as number) > 0) : answer.retryMs !== undefined) {
        return retry ? "refused without retryMs" : "refused with a retryMs for a request that can never go";
      }
      return keys === (retry ? "error,n,retryMs,t,topic" : "error,n,t,topic") ? null : `with fields ${keys}`;
    };
    const either =
      (...rules: ((answer: Answer) => string | null)[]) =>
      (answer: Answer) => {
        const why = rules.map((rule) => rule(answer));
        return why.includes(null) ? null : why.join("; or ");
      };
    const ok = (check: (answer: Answer) => string | null) => (answer: Answer) =>
      answer.topic === topic && answer.t === "ok" && answer.n === n
        ? check(answer)
        : `not ${JSON.stringify({ topic, t: "ok", n })}`;

    if (topic === WALL_TOPIC && request.t === "paint") {
      if (!isCell(request.cell)) return no(`There are only ${WALL_SIZE} cells on the wall.`, false);
      if (!isEmoji(request.e)) return no(`Paint with one of the ${PALETTE.length} emojis of the palette.`, false);
      const painted = ok((answer) =>
        exactly(answer, { topic, t: "ok", n, cooldownMs: context.cooldownMs }) ? null : "an ok of another form",
      );
      // One paint per cooldown: a fresh visitor's one paint (however often sent) goes; of several, some may wait.
      if (context.fresh && paints.size === 1) return painted;
      const seconds = Math.round(context.cooldownMs / 1000);
      return either(painted, no(new RegExp(`^One paint every ${seconds} s: you can paint again in \\d+ s\\.$`), true));
    }
    if (topic === POLLS_TOPIC && request.t === "vote") {
      const { q, a, device } = request as Taken & { q: number; a: number; device: string };
      if (!(q < QUESTIONS)) return no(`There is no poll ${q}: the polls are numbered 0 to ${QUESTIONS - 1}.`, false);
      if (!(a < ANSWERS))
        return no(`There is no answer ${a}: each poll's answers are numbered 0 to ${ANSWERS - 1}.`, false);
      if (!DEVICE_ID.test(device)) return no("A device id is 16 to 64 letters, digits, dashes or underscores.", false);
      votes++;
      // Votes are counted per visitor: a fresh one's first vote on a question counts, later ones
      // are answered with the vote that stands.
      const standing = firstVote.get(q);
      if (standing === undefined) firstVote.set(q, a);
      const voted = ok((answer) => {
        if (!fieldsAre(answer, ["answer", "counted", "counts", "n", "q", "t", "topic"]) || answer.q !== q) {
          return "an ok of another form";
        }
        if (!isCounts(answer.counts)) return "counts that are not three whole numbers";
        if (answer.counted === true) {
          if (answer.answer !== a) return `counted, but standing as ${answer.answer}`;
          if ((answer.counts as number[])[a] === 0) return "counted, but not in its counts";
        } else if (answer.counted !== false) return "counted neither true nor false";
        if (!context.fresh) return null;
        const expected = standing === undefined ? { counted: true, answer: a } : { counted: false, answer: standing };
        return answer.counted === expected.counted && answer.answer === expected.answer
          ? null
          : `not ${JSON.stringify(expected)} for a new visitor`;
      });
      return context.fresh && votes <= VOTES_BURST
        ? voted
        : either(voted, no("Nobody votes that fast. Slow down a little.", true));
    }
    if (topic === CLAPS_TOPIC && request.t === "clap") {
      const { page, batch, count } = request as Taken & { page: string; batch: number; count: unknown };
      const fits = Number.isSafeInteger(count) && (count as number) >= 1 && (count as number) <= MAX_CLAPS_PER_BATCH;
      if (!fits) return no(`A batch of claps is a whole number from 1 to ${MAX_CLAPS_PER_BATCH}.`, false);
      claps += count as number;
      const pageBefore = clapsSeen.get(page);
      const stale = pageBefore !== undefined && batch <= pageBefore - REPLAY_WINDOW;
      clapsSeen.set(page, Math.max(pageBefore ?? 0, batch));
      const clapped = ok((answer) => {
        if (!fieldsAre(answer, ["counted", "n", "t", "topic", "total"])) return "an ok of another form";
        if (!isWhole(answer.total) || typeof answer.counted !== "boolean") return "an ok of another form";
        // A page id never sent before: its first batch counts.
        if (pageBefore === undefined && answer.counted !== true) return "not counted, the page's first batch";
        return null;
      });
      const rules = [clapped];
      if (stale) rules.push(no("That batch of claps is too old to count.", false));
      if (!context.fresh || claps > CLAPS_BURST) {
        rules.push(no("Nobody claps that fast. Your claps wait a moment, then join the crowd.", true));
      }
      return either(...rules);
    }
    if (topic === BUBBLES_TOPIC && request.t === "pop") {
      const { sheet, i } = request as Taken & { sheet: number; i: number[] };
      const finished = no("That sheet is finished: here is the new one.", false);
      const offSheet = no(`There are only ${context.sheetSize} bubbles on this sheet.`, false);
      if (!context.sheets.includes(sheet)) return finished;
      const rules = context.sheets.length > 1 ? [finished] : [];
      if (i.some((index) => index >= context.sheetSize)) return either(offSheet, ...rules);
      pops += i.length;
      rules.push(ok((answer) => (exactly(answer, { topic, t: "ok", n }) ? null : "an ok of another form")));
      if (!context.fresh || pops > POPS_BURST) rules.push(no("Nobody pops that fast. Slow down a little.", true));
      return either(...rules);
    }
    return (answer: Answer) =>
      answer.topic === topic && answer.n === n && (answer.t === "ok" || answer.t === "no")
        ? null
        : "not an answer to it";
  });
}

const isCell = (cell: unknown) => Number.isSafeInteger(cell) && (cell as number) < WALL_SIZE;
const isEmoji = (e: unknown) => Number.isSafeInteger(e) && (e as number) < PALETTE.length;

/** Whether `answer` has these fields and no others. */
const fieldsAre = (answer: Answer, fields: readonly string[]) =>
  Object.keys(answer).sort().join() === [...fields].sort().join();

/** Whether `answer` is `expected`: the same fields, each with the same value. */
const exactly = (answer: Answer, expected: Record<string, unknown>) =>
  fieldsAre(answer, Object.keys(expected)) && Object.entries(expected).every(([key, value]) => answer[key] === value);

/**
 * Pairs each request with an answer that its rule takes (answers to one topic and `n` may come
 * in any order): the problems left, none when every request has its answer and no answer is over.
 */
export function matchAnswers(
  requests: readonly Taken[],
  rules: readonly ((answer: Answer) => string | null)[],
  answers: readonly Answer[],
): string[] {
  const problems: string[] = [];
  const groups = new Map<string, number[]>();
  for (const [k, request] of requests.entries()) {
    const key = `${request.topic} ${request.n}`;
    groups.set(key, [...(groups.get(key) ?? []), k]);
  }
  const answered = new Map<string, Answer[]>();
  for (const answer of answers) {
    const key = `${answer.topic} ${answer.n}`;
    answered.set(key, [...(answered.get(key) ?? []), answer]);
  }
  for (const [key, given] of answered) {
    if (!groups.has(key)) problems.push(`an answer to no request: ${JSON.stringify(given[0])}`);
  }
  for (const [key, members] of groups) {
    const given = answered.get(key) ?? [];
    if (given.length !== members.length) {
      problems.push(`${members.length} request(s) ${key}, ${given.length} answer(s): ${JSON.stringify(given)}`);
      continue;
    }
    // The few requests of one group (at most a run's frames) against their answers, every pairing.
    const pairs = (left: number[], rest: Answer[]): boolean =>
      left.length === 0 ||
      rest.some(
        (answer, k) =>
          rules[left[0] as number]?.(answer) === null &&
          pairs(
            left.slice(1),
            rest.filter((_, j) => j !== k),
          ),
      );
    if (!pairs(members, given)) {
      const why = members.map(
        (m) =>
          `${JSON.stringify(requests[m])}: ${given.map((answer) => `${JSON.stringify(answer)} is ${rules[m]?.(answer) ?? "fine"}`).join(" | ")}`,
      );
      problems.push(`answered wrongly:\n    ${why.join("\n    ")}`);
    }
  }
  return problems;
}
