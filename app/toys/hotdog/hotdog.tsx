import { useEffect, useState } from "react";
import { ShareButton } from "../../kit/ui/share-button";
import { ToyPage } from "../../kit/ui/toy-page";
import { HotdogArt } from "./hotdog-art";
import { HOTDOGS, type Hotdog as HotdogData, hotdogAlt, hotdogOfTheDay } from "./logic";

export function Hotdog() {
  // The day is the visitor's, so it is read after hydration; until then, the midweek classic.
  const [hotdog, setHotdog] = useState<HotdogData>(HOTDOGS[3] as HotdogData);
  useEffect(() => setHotdog(hotdogOfTheDay(new Date())), []);

  return (
    <ToyPage title="Hotdog of the Day" intro="Carefully selected by our panel of one (1) hungry intern.">
      <figure className="flex w-full max-w-2xl flex-col items-center gap-4 rounded-3xl bg-white/95 p-capped-6 text-slate-900 shadow-2xl">
        <div role="img" aria-label={hotdogAlt(hotdog)} className="hotdog-wobble w-full">
          <HotdogArt hotdog={hotdog} />
        </div>
        {/* Room for the longest caption, and new nodes for today's hotdog (keyed): it replaces the
            pre-rendered one without moving anything that was on screen (no layout shift). */}
        <figcaption key={hotdog.name} className="flex min-h-60 flex-col items-center justify-start sm:min-h-40">
          <span className="block text-3xl font-black">{hotdog.name}</span>
          <span className="block text-lg">Topped with {hotdog.toppings}.</span>
          <span className="mt-2 inline-block rounded-full bg-amber-100 px-4 py-1 font-semibold text-amber-900">
            Critics say: {hotdog.rating}
          </span>
        </figcaption>
      </figure>
      <ShareButton
        text={`Today's Hotdog of the Day: ${hotdog.name}, topped with ${hotdog.toppings}.`}
        label="Share today's hotdog"
      />
    </ToyPage>
  );
}
