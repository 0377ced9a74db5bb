import { useEffect, useRef, useState } from "react";
import { useTimeouts } from "../../kit/hooks/use-timeouts";
import { Button } from "../../kit/ui/button";
import { ToyPage } from "../../kit/ui/toy-page";
import { nextPoll, THANKS_MS } from "./logic";
import { POLLS } from "./words";

export function Polls() {
  const [index, setIndex] = useState(0);
  const [voted, setVoted] = useState(false);
  const later = useTimeouts();
  const firstAnswer = useRef<HTMLButtonElement>(null);
  const thanks = useRef<HTMLParagraphElement>(null);
  const poll = POLLS[index] ?? POLLS[0];
  const hadVote = useRef(false);

  useEffect(() => {
    // Keep keyboard focus in the poll as its content changes.
    if (voted) thanks.current?.focus();
    else if (hadVote.current) firstAnswer.current?.focus();
  }, [voted]);

  function vote() {
    hadVote.current = true;
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
        className="flex min-h-80 w-full max-w-xl flex-col items-center justify-center gap-6 rounded-3xl bg-white/95 p-8 text-slate-900 shadow-2xl"
      >
        <p className="text-sm font-bold tracking-widest text-indigo-700 uppercase">
          Poll {index + 1} of {POLLS.length}
        </p>
        <h2 id="poll-question" className="text-2xl font-black sm:text-3xl">
          {poll?.q}
        </h2>
        {voted ? (
          <p ref={thanks} tabIndex={-1} role="status" className="text-2xl font-bold text-indigo-700 outline-none">
            <span aria-hidden="true">🗳️ </span>Thanks for voting!
          </p>
        ) : (
          <ul className="flex w-full flex-col gap-3">
            {poll?.a.map((answer, i) => (
              <li key={answer}>
                <Button ref={i === 0 ? firstAnswer : undefined} variant="secondary" className="w-full" onClick={vote}>
                  {answer}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </ToyPage>
  );
}
