import type { NoMessage } from "../../../contracts/live";
import {
  type Counts,
  isAllCounts,
  isCounts,
  isQuestion,
  POLLS_MESSAGE_LIMIT,
  POLLS_PATH,
  POLLS_TOPIC,
  QUESTIONS,
  type TalliesMessage,
  type TallyMessage,
  type VoteOk,
} from "../../../contracts/polls";
import { deviceId } from "../../kit/lib/device-id";
import { readItem, writeItem } from "../../kit/lib/storage";
import type { Connection } from "../../kit/live/connection";
import { followTopicLater } from "../../kit/live/follow-later";
import { createLiveStore } from "../../kit/live/live-store";
import type { FollowedTopic } from "../../kit/live/topics";
import { type BallotBox, createBallotBox } from "./ballot-box";
import { type Ballot, countsAfter, mergeCounts, parseBallots, serializeBallots } from "./logic";

/**
 * Everyone's votes as this page holds them: the server's counts (`counts`, null until it has said
 * them), this device's vote on each question (`ballots`, kept in storage so a vote not yet
 * answered is sent on the next visit, and a later click knows the earlier vote), and the state of
 * the connection (app/kit/live/connection.ts). The topic "polls" on the page's live channel while
 * the page is open; votes go through the ballot box (ballot-box.ts, made when the page starts its
 * channel, in the task after its hydration: a vote cast before waits in `ballots`), one per
 * message, sent again after a reconnect (the server counts a visitor once per question, so a
 * repeat counts nothing).
 *
 * Which answer the page says stands for this device on a question: the server's, once it has
 * answered a vote (its `answer`: the visitor's first vote, whatever was clicked since); before
 * that, the vote this browser remembers casting on it earlier; else the one just clicked.
 */
export type { Connection };

export interface PollsState {
  connection: Connection;
  /** While busy: when the page tries again (ms since 1970), and why, in the server's words. */
  busyUntil: number | null;
  busyReason: string | null;
  counts: Counts[] | null;
  ballots: (Ballot | null)[];
  /** A vote refused for good, in words, with its question (the thanks view shows it). */
  refused: { q: number; error: string } | null;
}

/** This device's votes, per question (logic.ts: parseBallots). */
const BALLOTS_KEY = "pointlessPollVotes";

const noBallots = (): (Ballot | null)[] => Array.from({ length: QUESTIONS }, () => null);

const store = createLiveStore<PollsState>(
  { connection: "connecting", busyUntil: null, busyReason: null, counts: null, ballots: noBallots(), refused: null },
  { start: () => start(), stop: () => stop() },
);
let state = store.get();

/** `urgent`: the visitor's own vote, shown at once; the server's counts render when the page has time. */
function update(next: Partial<PollsState>, urgent = false) {
  store.update(next, urgent);
  state = store.get();
}

/**
 * This device's vote on `q` changed: here, and in storage, where other tabs' votes on other
 * questions stay. `urgent` for the visitor's click; the server's answer renders with its counts.
 */
function setBallot(q: number, ballot: Ballot | null, urgent = false) {
  const ballots = [...state.ballots];
  ballots[q] = ballot;
  update({ ballots }, urgent);
  const stored = parseBallots(readItem(BALLOTS_KEY));
  stored[q] = ballot;
  writeItem(BALLOTS_KEY, serializeBallots(stored));
}

/** The data the counts are of, as the server named it (contracts/polls.ts `gen`). */
let generation: string | undefined;
let channel: FollowedTopic | null = null;
let box: BallotBox | null = null;
/** Clicks made before the page started (answer `a` of question `q`): they go in first. */
const early: [number, number][] = [];

function countsFor(q: number, counts: Counts) {
  if (!state.counts) return;
  const next = [...state.counts];
  next[q] = counts;
  update({ counts: mergeCounts(state.counts, next) });
}

type PollsMessage = TalliesMessage | TallyMessage | VoteOk | NoMessage;

function receive(message: PollsMessage) {
  switch (message.t) {
    case "tallies":
      if (!isAllCounts(message.counts)) return;
      update({
        counts: countsAfter({ counts: state.counts, gen: generation }, { counts: message.counts, gen: message.gen }),
        connection: "live",
      });
      if (typeof message.gen === "string") generation = message.gen;
      // Live: what waited goes now.
      box?.flush();
      return;
    case "tally":
      if (isQuestion(message.q) && isCounts(message.counts)) countsFor(message.q, message.counts);
      return;
    case "ok": {
      box?.answered(message.n);
      if (!isQuestion(message.q) || !isCounts(message.counts)) return;
      const before = state.ballots[message.q];
      const clicked = before?.clicked;
      setBallot(message.q, {
        a: message.answer,
        confirmed: true,
        // Not the answer clicked here, or counted nothing after a vote that came before the click.
        earlier: (clicked !== undefined && message.answer !== clicked) || (!message.counted && !!before?.earlier),
        ...(clicked === undefined ? {} : { clicked }),
      });
      countsFor(message.q, message.counts);
      return;
    }
    case "no": {
      // Given back: refused for good, or told "later" too many times. It counts nothing; a vote
      // the server counted before stands.
      const dropped = box?.refused(message.n, message.retryMs);
      if (!dropped || state.ballots[dropped.q]?.confirmed) return;
      setBallot(dropped.q, null);
      update({ refused: { q: dropped.q, error: message.error } });
      return;
    }
    default:
      return;
  }
}

/** The counts as the server answered over HTTP, shown while the page has none of its own. */
function countsOverHttp(body: unknown) {
  const counts = (body as { counts?: unknown } | null)?.counts;
  if (!state.counts && isAllCounts(counts)) update({ counts });
}

function start() {
  const stored = parseBallots(readItem(BALLOTS_KEY));
  update({ ballots: state.ballots.map((ballot, q) => ballot ?? stored[q] ?? null) });
  const made = createBallotBox({
    limit: POLLS_MESSAGE_LIMIT,
    send: (n, q, a) =>
      state.connection === "live" && (channel?.send({ t: "vote", n, q, a, device: deviceId() }) ?? false),
  });
  box = made;
  // Clicks made before the start, then votes an earlier visit cast that no server answered: they
  // go once the page is live.
  for (const [q, a] of early.splice(0)) made.add(q, a);
  for (const [q, ballot] of state.ballots.entries()) if (ballot && !ballot.confirmed) made.add(q, ballot.a);
  made.flush();
  channel = followTopicLater(
    POLLS_TOPIC,
    {
      onMessage: (message) => receive(message as unknown as PollsMessage),
      onStatus: (status) => {
        // Every count comes again on joining; what waited goes once it has.
        if (status === "open") box?.resend();
      },
    },
    {
      probePath: POLLS_PATH,
      wantsBody: () => !state.counts,
      current: () => state.connection,
      set: (connection, retryAt, reason) =>
        update({ connection, busyUntil: retryAt ?? null, busyReason: reason ?? null }),
      onBody: countsOverHttp,
    },
  );
}

function stop() {
  early.length = 0;
  channel?.leave();
  box?.stop();
  channel = null;
  box = null;
  store.reset({ ...store.initial(), counts: state.counts });
  state = store.get();
}

export const subscribePolls = store.subscribe;
export const getPollsState = store.get;

/**
 * A click on answer `a` of question `q`. The first vote on a question is this device's vote; a
 * later click is sent too (the server answers with the vote that stands, counting nothing), unless
 * this page's vote on it is still on its way (that one goes, not a second).
 */
export function castVote(q: number, a: number) {
  const before = state.ballots[q] ?? parseBallots(readItem(BALLOTS_KEY))[q] ?? null;
  update({ refused: null }, true);
  setBallot(
    q,
    before ? { ...before, earlier: true, clicked: a } : { a, confirmed: false, earlier: false, clicked: a },
    true,
  );
  if (!box) early.push([q, a]);
  else if (box.add(q, a)) box.flush();
}
