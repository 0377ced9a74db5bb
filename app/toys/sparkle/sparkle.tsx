import { useEffect, useRef, useState } from "react";
import { useEphemeral } from "../../kit/hooks/use-ephemeral";
import type { Point } from "../../kit/ui/play-area";
import { PlayArea } from "../../kit/ui/play-area";
import { ToyPage } from "../../kit/ui/toy-page";
import { MAX_SPARKLES, makeSparkle, moveCursor, SPARKLE_MS, type Sparkle as SparkleData } from "./logic";

export function Sparkle() {
  const { items, add } = useEphemeral<SparkleData>(SPARKLE_MS, MAX_SPARKLES);
  const [cursor, setCursor] = useState<Point | null>(null);
  // At most one sparkle per animation frame, however many pointer events arrive.
  const pending = useRef<Point | null>(null);
  const frame = useRef(0);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  function onMove(at: Point) {
    pending.current = at;
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      if (pending.current) add(makeSparkle(pending.current.x, pending.current.y, Math.random));
      pending.current = null;
    });
  }

  return (
    <ToyPage
      title="Sparkle Trail"
      intro="Move your mouse or finger through the dark. Use the arrow keys if you prefer."
    >
      <PlayArea
        label="Sparkle zone: move the pointer, or use the arrow keys and Enter, to leave sparkles"
        onMove={onMove}
        onPress={(at) => add(makeSparkle(at.x, at.y, Math.random))}
        onKey={(event, centre) => {
          const el = event.currentTarget;
          const next = moveCursor(cursor ?? centre, event.key, { width: el.clientWidth, height: el.clientHeight });
          if (!next) return;
          event.preventDefault();
          setCursor(next);
          add(makeSparkle(next.x, next.y, Math.random));
        }}
        className="h-[65vh] min-h-72 cursor-none bg-black/40"
      >
        <span className="absolute inset-x-0 top-4 text-center text-white/60">
          Wave around in here <span className="emoji">✨</span>
        </span>
        {items.map((s) => (
          <span
            key={s.id}
            data-sparkle={s.lol ? "lol" : "star"}
            className="sparkle absolute top-0 left-0 font-black"
            style={{
              transform: `translate(${s.x}px, ${s.y}px) translate(-50%, -50%)`,
              color: `hsl(${s.hue} 100% 70%)`,
              fontSize: `${s.size}px`,
            }}
          >
            {s.lol ? "LOL" : "✦"}
          </span>
        ))}
      </PlayArea>
    </ToyPage>
  );
}
