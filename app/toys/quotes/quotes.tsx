import { useState } from "react";
import { Button } from "../../kit/ui/button";
import { ToyPage } from "../../kit/ui/toy-page";
import { nextQuoteIndex, quoteAt } from "./logic";

export function Quotes() {
  // The first quote is the first handwritten one, so it is pre-rendered and paints with the page;
  // every press picks a random different one.
  const [index, setIndex] = useState(0);
  const quote = quoteAt(index);

  return (
    <ToyPage title="Bad Quotes" intro="Wisdom from people who should not be quoted. Ten thousand and fifteen of them.">
      <figure
        aria-live="polite"
        className="flex min-h-56 w-full flex-col justify-center gap-4 rounded-3xl bg-white/95 p-capped-8 text-slate-900 shadow-2xl"
      >
        <blockquote className="font-serif text-2xl leading-snug italic sm:text-3xl">“{quote.quote}”</blockquote>
        <figcaption className="font-semibold text-teal-800">— {quote.author}</figcaption>
      </figure>
      <Button size="lg" onClick={() => setIndex((i) => nextQuoteIndex(i, Math.random))}>
        More Terrible Advice
      </Button>
    </ToyPage>
  );
}
