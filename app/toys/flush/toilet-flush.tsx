import { useState } from "react";
import { useStoredNumber } from "../../kit/hooks/use-stored-number";
import { useTimeouts } from "../../kit/hooks/use-timeouts";
import { buzz } from "../../kit/lib/haptics";
import { MuteToggle } from "../../kit/sound/mute-toggle";
import { Button } from "../../kit/ui/button";
import { ToyPage } from "../../kit/ui/toy-page";
import { FLUSH_KEY, flushComment } from "./logic";
import { ToiletArt } from "./toilet-art";
import { useFlushSound } from "./use-flush-sound";

export function ToiletFlush() {
  const [flushes, increment] = useStoredNumber(FLUSH_KEY);
  const [flushing, setFlushing] = useState(false);
  const later = useTimeouts();
  const playSound = useFlushSound();

  function flush() {
    increment();
    setFlushing(true);
    later(() => setFlushing(false), 1600);
    playSound();
    buzz(40);
  }

  return (
    <ToyPage title="Toilet Flush" intro="The most satisfying button on the internet. Flush responsibly.">
      <div role="img" aria-label={flushing ? "A toilet, flushing" : "A toilet, waiting"}>
        <ToiletArt flushing={flushing} />
      </div>
      <p className="text-2xl font-bold">
        Flushes: <strong className="inline-block min-w-10 tabular-nums">{flushes ?? "–"}</strong>
      </p>
      <p role="status" className="min-h-7 text-white/90">
        {flushes === null ? "" : flushComment(flushes)}
      </p>
      <Button size="lg" onClick={flush}>
        <span aria-hidden="true" className="emoji">
          🚽
        </span>{" "}
        Flush
      </Button>
      <MuteToggle />
    </ToyPage>
  );
}
