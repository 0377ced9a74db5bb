import { useState } from "react";
import { useEphemeral } from "../../kit/hooks/use-ephemeral";
import { PlayArea } from "../../kit/ui/play-area";
import { ToyPage } from "../../kit/ui/toy-page";
import { MAX_SHRUGS, makeShrug, SHRUG, SHRUG_FONT_PX, SHRUG_MS, type Shrug, shrugTransform } from "./logic";

export function Shrugs() {
  const { items, add } = useEphemeral<Shrug>(SHRUG_MS, MAX_SHRUGS);
  const [total, setTotal] = useState(0);

  return (
    <ToyPage title="Infinite Shrugs" intro="Click (or tap, or press Enter) anywhere in the box. Shrug. Repeat forever.">
      <PlayArea
        label="Shrug zone: click anywhere, or press Enter, to shrug"
        onPress={(at) => {
          add(makeShrug(at.x, at.y, Math.random));
          setTotal((n) => n + 1);
        }}
        className="h-[60vh] min-h-72"
      >
        {/* The shrug's glyphs, unseen, in the page's first layout: ツ needs a fallback font at 100 px
            bold, and finding it in a fresh tab made the first click's task 17-38 ms against
            10-13 ms once found (8-9 ms of layout against 0.5). */}
        <span
          className="invisible absolute top-0 left-0 leading-none font-bold whitespace-nowrap"
          style={{ fontSize: SHRUG_FONT_PX }}
        >
          {SHRUG}
        </span>
        <span className="absolute inset-x-0 top-4 text-center text-lg font-semibold text-white/70">
          {total === 0 ? "Click anywhere. Or don't. Whatever." : `${total} shrugs given. Zero fixed.`}
        </span>
        {items.map((s) => (
          <span
            key={s.id}
            data-shrug=""
            className="shrug absolute top-0 left-0 leading-none font-bold whitespace-nowrap text-white text-shadow-lg"
            style={{ fontSize: SHRUG_FONT_PX, transform: shrugTransform(s) }}
          >
            {SHRUG}
          </span>
        ))}
      </PlayArea>
    </ToyPage>
  );
}
