import { GeneratorCard } from "../../kit/ui/generator-card";
import { ToyPage } from "../../kit/ui/toy-page";
import { FORECASTS } from "./words";

export function Weather() {
  return (
    <ToyPage title="Emotional Forecast" intro="Today's weather, as felt by your feelings. Meteorologists hate this.">
      <GeneratorCard
        items={FORECASTS}
        action="Check My Forecast"
        placeholder="Scanning the skies of your soul…"
        render={(forecast) => (
          <article className="flex w-full flex-col items-center gap-2 text-center">
            <p aria-hidden="true" className="emoji text-7xl">
              {forecast.emoji}
            </p>
            <h2 className="text-3xl font-black">{forecast.name}</h2>
            <p className="font-semibold text-indigo-800">Feels like {forecast.feelsLike}</p>
            <p className="text-lg">{forecast.text}</p>
          </article>
        )}
      />
    </ToyPage>
  );
}
