import { GeneratorCard } from "../../kit/ui/generator-card";
import { ToyPage } from "../../kit/ui/toy-page";
import { FACTS } from "./words";

export function WikiLies() {
  return (
    <ToyPage
      title="Obvious Lies Wiki"
      intro="The free encyclopedia that anyone can tell is wrong. [citation not needed]"
    >
      <GeneratorCard
        items={FACTS}
        action="Random Article"
        placeholder="This page intentionally left blank. Press the button to learn something false."
        render={(fact) => (
          <article className="w-full font-serif">
            <h2 className="border-b border-slate-300 pb-2 text-3xl">{fact.title}</h2>
            <p className="mt-3 text-lg leading-relaxed">{fact.fact}</p>
            <p className="mt-3 text-sm text-slate-600">
              From Obvious Lies Wiki, the encyclopedia of things that are not.
            </p>
          </article>
        )}
      />
    </ToyPage>
  );
}
