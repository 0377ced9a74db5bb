import { GeneratorCard } from "../../kit/ui/generator-card";
import { ToyPage } from "../../kit/ui/toy-page";
import { BREAKUP_QUOTES } from "./words";

export function BreakUp() {
  return (
    <ToyPage title="Breakup Quotes" intro="For ending things gently, absurdly, and with zero follow-through.">
      <GeneratorCard
        items={BREAKUP_QUOTES}
        action="Break It Off"
        placeholder="Your heartbreak is loading. Press the button when you are emotionally ready."
        render={(quote) => (
          <blockquote className="text-center text-2xl leading-snug font-semibold">
            <span aria-hidden="true" className="emoji">
              💔
            </span>{" "}
            {quote}
          </blockquote>
        )}
      />
    </ToyPage>
  );
}
