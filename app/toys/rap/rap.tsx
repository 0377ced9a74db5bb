import { GeneratorCard } from "../../kit/ui/generator-card";
import { ToyPage } from "../../kit/ui/toy-page";
import { RAPS } from "./words";

export function Rap() {
  return (
    <ToyPage title="Cringe Raps" intro="Bars so weak they need a nap. Press the button, if you dare.">
      <GeneratorCard
        items={RAPS}
        action="Drop a Verse"
        placeholder="The beat is dropping. The lyrics are not. Yet."
        render={(verse) => (
          <ol aria-label="Verse" className="w-full list-none space-y-2 font-mono text-lg font-semibold sm:text-xl">
            {verse.map((line) => (
              <li key={line}>
                <span aria-hidden="true" className="emoji">
                  🎤
                </span>{" "}
                {line}
              </li>
            ))}
          </ol>
        )}
      />
    </ToyPage>
  );
}
