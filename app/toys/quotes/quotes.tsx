import { useEffect, useState } from "react";
import { Button } from "../../kit/ui/button";
import { ToyPage } from "../../kit/ui/toy-page";
import { nextQuoteIndex, quoteAt } from "./logic";

export function Quotes() {
  const [index, setIndex] = useState<number | null>(null);
  // The first quote is random, so it is picked after hydration.
  useEffect(() => setIndex(nextQuoteIndex(null, Math.random)), []);
  const quote = index === null ? null : quoteAt(index);

  return (
    <ToyPage title="Bad Quotes" intro="Wisdom from people who should not be quoted. Ten thousand and fifteen of them.">
      <figure
        aria-live="polite"
        className="flex min-h-56 w-full flex-col justify-center gap-4 rounded-3xl bg-white/95 p-8 text-slate-900 shadow-2xl"
      >
        {quote ? (
          <>
            <blockquote className="font-serif text-2xl leading-snug italic sm:text-3xl">“{quote.quote}”</blockquote>
            <figcaption className="font-semibold text-teal-800">— {quote.author}</figcaption>
          </>
        ) : (
          <p className="text-slate-600">Consulting the least reliable sources…</p>
        )}
      </figure>
      <Button size="lg" onClick={() => setIndex((i) => nextQuoteIndex(i, Math.random))}>
        More Terrible Advice
      </Button>
    </ToyPage>
  );
}
