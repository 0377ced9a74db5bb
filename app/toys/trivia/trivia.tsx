import { useEffect, useRef, useState } from "react";
import { Button } from "../../kit/ui/button";
import { toast } from "../../kit/ui/toast/toast-store";
import { usePrepareToasts } from "../../kit/ui/toast/use-prepare-toasts";
import { ToyPage } from "../../kit/ui/toy-page";
import { CORRECT_INDEX, feedbackFor, LABELS, questionOrder, TRIVIA_TOAST_MS } from "./logic";
import { TRIVIA } from "./words";

export function Trivia() {
  // Its toasts answer presses: the toast view is fetched on the first one.
  usePrepareToasts();
  // The order is shuffled after hydration, so the pre-rendered page and the first render agree.
  const [order, setOrder] = useState<number[] | null>(null);
  const [position, setPosition] = useState(0);
  const [score, setScore] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const answered = useRef(false);

  useEffect(() => setOrder(questionOrder(TRIVIA.length, Math.random)), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus follows each new question (or the final score)
  useEffect(() => {
    if (answered.current) heading.current?.focus();
  }, [position]);

  function answer(index: number) {
    answered.current = true;
    toast({ ...feedbackFor(index), duration: TRIVIA_TOAST_MS });
    if (index === CORRECT_INDEX) setScore((s) => s + 1);
    setPosition((p) => p + 1);
  }

  function restart() {
    setOrder(questionOrder(TRIVIA.length, Math.random));
    setPosition(0);
    setScore(0);
  }

  const item = order && position < order.length ? TRIVIA[order[position] as number] : undefined;
  const finished = order !== null && position >= order.length;

  return (
    <ToyPage title="Trivia Time" intro="Ten questions. One strategy. Think carefully (about C).">
      <section className="flex min-h-96 w-full max-w-xl flex-col items-center gap-5 rounded-3xl bg-white/95 p-capped-6 text-slate-900 shadow-2xl sm:p-capped-8">
        {finished ? null : (
          <>
            <p className="text-sm font-bold tracking-widest text-teal-700 uppercase">
              Question {position + 1} of {TRIVIA.length}
            </p>
            {/* Until the order is shuffled (after hydration), the same elements hold placeholders, and
                the question replaces their text in place: left-aligned in boxes tall enough for two
                lines, so nothing moves (no layout shift) and no new element paints late (no late LCP). */}
            <h2 ref={heading} tabIndex={-1} className="min-h-16 w-full text-left text-2xl font-black outline-none">
              {item ? item.q : "Shuffling the questions…"}
            </h2>
            <ol className="flex w-full flex-col gap-3">
              {LABELS.map((label, i) => (
                <li key={label}>
                  <Button
                    variant="secondary"
                    className="min-h-17 w-full justify-start text-left sm:min-h-14"
                    disabled={!item}
                    onClick={() => answer(i)}
                  >
                    <span className="grid size-8 place-items-center rounded-full bg-white/20">{label}</span>
                    {item ? item.a[i] : "…"}
                  </Button>
                </li>
              ))}
            </ol>
          </>
        )}
        {finished ? (
          <div className="my-auto flex flex-col items-center gap-4">
            <h2 ref={heading} tabIndex={-1} className="text-3xl font-black outline-none">
              All done!
            </h2>
            <p className="text-lg">
              You scored {score} out of {TRIVIA.length}.{" "}
              {score === TRIVIA.length ? "A true C-nius." : "Have you considered C?"}
            </p>
            <Button variant="secondary" onClick={restart}>
              Play Again
            </Button>
          </div>
        ) : null}
      </section>
    </ToyPage>
  );
}
