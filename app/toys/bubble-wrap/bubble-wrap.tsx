import { memo, useCallback, useRef, useState } from "react";
import { cn } from "../../kit/lib/cn";
import { buzz } from "../../kit/lib/haptics";
import { MuteToggle } from "../../kit/sound/mute-toggle";
import { playScream } from "../../kit/sound/scream";
import { Button } from "../../kit/ui/button";
import { PageLink } from "../../kit/ui/page-link";
import { ShareButton } from "../../kit/ui/share-button";
import { ToyPage } from "../../kit/ui/toy-page";
import { BUBBLES, freshSheet, pop } from "./logic";

export function BubbleWrap() {
  const [sheet, setSheet] = useState(freshSheet);
  // The latest sheet, so that many pops before React re-renders are all counted, each once.
  const latest = useRef(sheet);
  const score = sheet.filter(Boolean).length;

  const update = useCallback((next: boolean[]) => {
    latest.current = next;
    setSheet(next);
  }, []);

  // One function for the page's life, so a pop re-renders only the bubble that popped.
  const popBubble = useCallback(
    (i: number) => {
      const result = pop(latest.current, i);
      if (!result.scored) return;
      update(result.sheet);
      playScream();
      buzz();
    },
    [update],
  );

  return (
    <ToyPage title="Screaming Bubbles" intro="Pop every bubble. Each one screams. You monster.">
      <p role="status" className="text-2xl font-black">
        Score: {score} / {BUBBLES}
        {score === BUBBLES ? " — All popped. The silence is deafening." : ""}
      </p>
      <ul
        aria-label="Bubble wrap"
        className="grid w-full max-w-2xl grid-cols-10 gap-1.5 rounded-2xl bg-white/15 p-3 sm:gap-2"
      >
        {sheet.map((popped, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a bubble is its place on the sheet
          <Bubble key={i} index={i} popped={popped} onPop={popBubble} />
        ))}
      </ul>
      <div className="flex flex-wrap items-center justify-center gap-3">
        <Button variant="ghost" onClick={() => update(freshSheet())} disabled={score === 0}>
          More bubble wrap
        </Button>
        <MuteToggle />
        <ShareButton
          text={`I popped ${score} of ${BUBBLES} screaming bubbles. They all screamed.`}
          disabled={score === 0}
        />
      </div>
      <PageLink
        to="/bubble-wrap/together"
        className="font-bold text-white underline underline-offset-4 hover:text-sky-100"
      >
        Pop with everyone: Bubble Wrap for Everyone, 10,000 bubbles shared live
      </PageLink>
    </ToyPage>
  );
}

const Bubble = memo(function Bubble({
  index,
  popped,
  onPop,
}: {
  index: number;
  popped: boolean;
  onPop: (index: number) => void;
}) {
  return (
    <li>
      <button
        type="button"
        aria-label={`Bubble ${index + 1}`}
        aria-pressed={popped}
        onClick={() => onPop(index)}
        className={cn(
          "block aspect-square w-full rounded-full transition-transform motion-reduce:transition-none",
          popped
            ? "bubble-popped scale-90 bg-white/10 ring-1 ring-white/30"
            : "border-2 border-white bg-sky-200 hover:scale-105",
        )}
      />
    </li>
  );
});
