import { useEffect, useRef, useState } from "react";
import { useTimeouts } from "../../kit/hooks/use-timeouts";
import { Button } from "../../kit/ui/button";
import { ShareButton } from "../../kit/ui/share-button";
import { ToyPage } from "../../kit/ui/toy-page";
import { guessAge, STEP_MS, SUSPENSE_STEPS } from "./logic";

type State = { phase: "idle" } | { phase: "thinking"; step: number } | { phase: "done"; age: number };

export function AgeOracle() {
  const [state, setState] = useState<State>({ phase: "idle" });
  const later = useTimeouts();
  const tryAgain = useRef<HTMLButtonElement>(null);
  const start = useRef<HTMLButtonElement>(null);
  const interacted = useRef(false);

  useEffect(() => {
    if (!interacted.current) return;
    if (state.phase === "done") tryAgain.current?.focus();
    if (state.phase === "idle") start.current?.focus();
  }, [state.phase]);

  function guess() {
    interacted.current = true;
    SUSPENSE_STEPS.forEach((_, step) => {
      later(() => setState({ phase: "thinking", step }), step * STEP_MS);
    });
    later(() => setState({ phase: "done", age: guessAge() }), SUSPENSE_STEPS.length * STEP_MS);
    setState({ phase: "thinking", step: 0 });
  }

  return (
    <ToyPage title="Age Oracle" intro="Gaze into the crystal ball. The crystal ball gazes back and does maths.">
      <div
        aria-hidden="true"
        className={`oracle-ball emoji grid size-[min(12rem,70vw)] place-items-center rounded-full bg-radial from-purple-300 via-purple-600 to-indigo-950 text-6xl shadow-[0_0_80px_rgba(192,132,252,0.7)] ${
          state.phase === "thinking" ? "oracle-thinking" : ""
        }`}
      >
        🔮
      </div>
      <div role="status" className="flex min-h-28 flex-col items-center justify-center gap-2">
        {state.phase === "thinking" ? <p className="text-xl font-semibold">{SUSPENSE_STEPS[state.step]}</p> : null}
        {state.phase === "done" ? (
          <>
            <p className="text-lg">The oracle has spoken. You are…</p>
            <p className="text-7xl font-black text-amber-300 drop-shadow-lg">{state.age}</p>
          </>
        ) : null}
      </div>
      {state.phase === "done" ? (
        <div className="flex flex-wrap items-center justify-center gap-3">
          <Button ref={tryAgain} size="lg" onClick={() => setState({ phase: "idle" })}>
            Try Again
          </Button>
          <ShareButton text={`The Age Oracle gazed into its crystal ball and says I am ${state.age}.`} />
        </div>
      ) : (
        <Button ref={start} size="lg" disabled={state.phase === "thinking"} onClick={guess}>
          Guess My Age
        </Button>
      )}
    </ToyPage>
  );
}
