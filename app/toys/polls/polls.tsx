import { type RefObject, useEffect, useRef, useState } from "react";
import type { Counts } from "../../../contracts/polls";
import { useTimeouts } from "../../kit/hooks/use-timeouts";
import { isAway } from "../../kit/live/connection";
import { BusyNote, busyWords, ConnectionAnnouncer, secondsUntil, UNREACHABLE } from "../../kit/live/connection-words";
import { useLiveState } from "../../kit/live/use-live-state";
import { Button } from "../../kit/ui/button";
import { ToyPage } from "../../kit/ui/toy-page";
import { barShare, nextPoll, resultSentence, shareText, THANKS_MS } from "./logic";
import { type Connection, castVote, getPollsState, type PollsState, subscribePolls } from "./shared-polls";
import { POLLS, type Poll } from "./words";

/** What the thanks view says where it has no numbers to show, in plain words (never a made-up count). */
const SAYS: Record<Exclude<Connection, "busy">, string> = {
  connecting: "Counting everyone's votes…",
  live: "Counting your vote…",
  reconnecting: "Reconnecting to count everyone's votes…",
  offline: "You are offline. Everyone's results need a connection to the site's server.",
  unreachable: `${UNREACHABLE} Your vote waits, and is counted when it is back.`,
  "no-server": "Everyone's results need the site's own server, and this copy of the site has none.",
  blocked: "This network blocks the site's live connection, so everyone's results cannot reach you here.",
};

export function Polls() {
  const [index, setIndex] = useState(0);
  const [voted, setVoted] = useState(false);
  const later = useTimeouts();
  const view = useLiveState(subscribePolls, getPollsState);
  const firstAnswer = useRef<HTMLButtonElement>(null);
  const thanks = useRef<HTMLParagraphElement>(null);
  const poll = POLLS[index] ?? (POLLS[0] as Poll);
  const hadVote = useRef(false);
  const results = voted ? resultsFor(index, poll, view) : null;

  useEffect(() => {
    // Keep keyboard focus in the poll as its content changes.
    if (voted) thanks.current?.focus();
    else if (hadVote.current) firstAnswer.current?.focus();
  }, [voted]);

  // A screen reader hears the results once per vote (the first words with numbers, or why there
  // are none), not every count that changes while they are shown.
  const [announced, setAnnounced] = useState("");
  const settled = results && (results.counts || results.final) ? results.sentence : "";
  useEffect(() => {
    setAnnounced((said) => (voted ? said || settled : ""));
  }, [voted, settled]);

  function vote(answer: number) {
    hadVote.current = true;
    castVote(index, answer);
    setVoted(true);
    later(() => {
      setVoted(false);
      setIndex((i) => nextPoll(i, POLLS.length));
    }, THANKS_MS);
  }

  return (
    <ToyPage title="Pointless Polls" intro="Your vote matters. To nobody. But still, vote.">
      <section
        aria-labelledby="poll-question"
        className="flex w-full max-w-xl flex-col items-center gap-5 rounded-3xl bg-white/95 p-capped-6 text-slate-900 shadow-2xl sm:p-capped-8"
      >
        {/*
         * A new line for each question (keyed), not the old one rewritten: centred text that changes
         * would otherwise count as moved (a layout shift).
         */}
        <p key={`poll-${index}`} className="text-sm font-bold tracking-widest text-indigo-700 uppercase">
          Poll {index + 1} of {POLLS.length}
        </p>
        {/* Two lines kept for every question, so the next one never moves what is under it. */}
        <h2 key={`question-${index}`} id="poll-question" className="min-h-[2lh] text-2xl font-black sm:text-3xl">
          {poll.q}
        </h2>
        {/* The height of the thanks view with its results, kept for the question too: nothing moves. */}
        <div className="flex min-h-[22rem] w-full flex-col items-center sm:min-h-[16rem]">
          {results ? (
            <Thanks poll={poll} results={results} thanksRef={thanks} />
          ) : (
            <ul className="flex w-full flex-col gap-3">
              {poll.a.map((answer, i) => (
                <li key={answer}>
                  <Button
                    ref={i === 0 ? firstAnswer : undefined}
                    variant="secondary"
                    className="w-full"
                    onClick={() => vote(i)}
                  >
                    {answer}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
      <p className="sr-only" aria-live="polite">
        {announced}
      </p>
      <ConnectionAnnouncer
        connection={view.connection}
        busyUntil={view.busyUntil}
        busyReason={view.busyReason}
        waits="your vote waits"
      />
    </ToyPage>
  );
}

interface Results {
  /** In words (while busy, the busy words as they stand when said; the line shows their countdown). */
  sentence: string;
  /** When busy: when the page tries again, and why in the server's words. */
  busy?: { until: number | null; reason: string | null };
  /** The question's counts as shown (this device's vote in them), or null: no numbers to show. */
  counts: Counts | null;
  /** The answer that stands for this device, for its bar. */
  mine: number | null;
  /** Words that will not change while shown (the vote was refused, or there is no server). */
  final: boolean;
}

/**
 * What the thanks view says about question `q`: everyone's votes, once the server's counts hold
 * this device's vote (it has answered it, now or on an earlier visit), or why there are none.
 */
function resultsFor(q: number, poll: Poll, view: PollsState): Results {
  const refused = view.refused?.q === q ? view.refused.error : null;
  if (refused) return { sentence: refused, counts: null, mine: null, final: true };
  const away = isAway(view.connection);
  const ballot = view.ballots[q] ?? null;
  const counts = view.counts?.[q];
  // Live, with this device's vote on its way: "Counting your vote…".
  if (view.connection === "busy" && !(counts && ballot?.confirmed))
    return {
      sentence: busyWords(secondsUntil(view.busyUntil, Date.now()), "your vote waits", view.busyReason),
      busy: { until: view.busyUntil, reason: view.busyReason },
      counts: null,
      mine: null,
      final: false,
    };
  if (away || !counts || !ballot?.confirmed)
    return { sentence: SAYS[view.connection as Exclude<Connection, "busy">], counts: null, mine: null, final: away };
  return { sentence: resultSentence(poll.a, counts, ballot.a, ballot.earlier), counts, mine: ballot.a, final: false };
}

function Thanks({
  poll,
  results,
  thanksRef,
}: {
  poll: Poll;
  results: Results;
  thanksRef: RefObject<HTMLParagraphElement | null>;
}) {
  const { counts, mine } = results;
  const total = counts ? counts.reduce((sum, n) => sum + n, 0) : 0;
  return (
    <>
      <p ref={thanksRef} tabIndex={-1} role="status" className="text-2xl font-bold text-indigo-700 outline-none">
        <span aria-hidden="true" className="emoji">
          🗳️
        </span>{" "}
        Thanks for voting!
      </p>
      {/* Four lines kept on a phone, two wider: the words change as counts arrive (a new line each
          time, as for the question), and nothing moves. */}
      <p
        key={results.busy ? "busy" : results.sentence}
        id="poll-result"
        className="mt-3 min-h-[4lh] text-sm text-slate-700 sm:min-h-[2lh] sm:text-base"
      >
        {results.busy ? (
          <BusyNote until={results.busy.until} waits="your vote waits" reason={results.busy.reason} />
        ) : (
          results.sentence
        )}
      </p>
      {counts ? (
        <ul aria-label="Everyone's votes" className="mt-2 flex w-full flex-col gap-3 text-left">
          {poll.a.map((answer, a) => (
            // Two lines of words kept on a phone, where a long answer's line may wrap.
            <li key={answer} className="flex min-h-[calc(2lh_+_0.875rem)] flex-col gap-1 text-sm sm:min-h-0">
              {/* Read whole, as answerLine says it: "Obviously: 41%, 5,061 votes". */}
              <span>
                <span className="font-bold">{answer}</span>: {shareText(counts[a] ?? 0, total)}
              </span>
              {/* A contrast theme (forced colours) draws no backgrounds: the bars in its colours. */}
              <span
                aria-hidden="true"
                className="block h-2.5 w-full overflow-hidden rounded-full bg-indigo-100 forced-colors:border forced-colors:border-[color:CanvasText]"
              >
                <span
                  className={`block h-full w-full origin-left rounded-full transition-transform duration-300 motion-reduce:transition-none forced-colors:forced-color-adjust-none ${
                    a === mine
                      ? "bg-indigo-700 forced-colors:bg-[Highlight]"
                      : "bg-indigo-400 forced-colors:bg-[CanvasText]"
                  }`}
                  style={{ transform: `scaleX(${barShare(counts[a] ?? 0, total)})` }}
                />
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
