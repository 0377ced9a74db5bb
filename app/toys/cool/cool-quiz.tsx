import { useState } from "react";
import { Button } from "../../kit/ui/button";
import { ToyPage } from "../../kit/ui/toy-page";
import { judge, type Verdict } from "./logic";

export function CoolQuiz() {
  const [result, setResult] = useState<Verdict | null>(null);
  return (
    <ToyPage title="Are You Cool?" intro="A scientifically rigorous, peer-reviewed, one-question quiz.">
      <section className="flex w-full max-w-lg flex-col items-center gap-6 rounded-3xl bg-white/95 p-capped-8 text-slate-900 shadow-2xl">
        <h2 className="text-3xl font-black">Are you cool?</h2>
        <div className="flex flex-wrap justify-center gap-4">
          <Button variant="secondary" size="lg" onClick={() => setResult(judge("yes"))}>
            Yes
          </Button>
          <Button variant="secondary" size="lg" onClick={() => setResult(judge("no"))}>
            No
          </Button>
        </div>
        <div role="status" className="flex min-h-32 flex-col items-center justify-center gap-2">
          {result ? (
            <>
              <p className="text-7xl font-black text-red-600">{result.verdict}</p>
              <p className="text-lg font-semibold italic">{result.comment}</p>
            </>
          ) : (
            <p className="text-slate-600">Answer honestly. Or don't. It won't matter.</p>
          )}
        </div>
      </section>
    </ToyPage>
  );
}
