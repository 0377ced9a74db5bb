import { useState } from "react";
import { useThrottle } from "../../kit/hooks/use-throttle";
import { pickOne } from "../../kit/lib/random";
import { useAudioUnlocked } from "../../kit/sound/activation";
import { MuteToggle } from "../../kit/sound/mute-toggle";
import { playPluck } from "../../kit/sound/sound";
import { useMuted } from "../../kit/sound/use-muted";
import { PlayArea } from "../../kit/ui/play-area";
import { ToyPage } from "../../kit/ui/toy-page";
import { AMP_OFF, HYPE, powerChord, STRUM_THROTTLE_MS } from "./logic";

export function AirGuitar() {
  const [strums, setStrums] = useState(0);
  const [hype, setHype] = useState<string | null>(null);
  const unlocked = useAudioUnlocked();
  const [muted] = useMuted();
  const strum = useThrottle(() => {
    for (const frequency of powerChord(Math.random)) playPluck({ frequency, duration: 0.7, volume: 0.18 });
    setStrums((n) => n + 1);
    setHype(pickOne(HYPE, Math.random));
  }, STRUM_THROTTLE_MS);

  return (
    <ToyPage title="Air Guitar" intro="Wave your mouse to shred. Enter or Space strums too. No talent required.">
      <PlayArea
        label="Air guitar: move the pointer over it, or press Enter or Space, to strum"
        onMove={() => strum()}
        onPress={() => strum()}
        className="grid min-h-[max(50vh,16rem)] place-items-center bg-black/30"
      >
        <span className="flex flex-col items-center gap-3">
          <span aria-hidden="true" key={strums} className="guitar-strum emoji text-8xl">
            🎸
          </span>
          <span className="min-h-[2lh] text-3xl font-black text-white">
            {unlocked || muted ? <HypeLine line={hype} /> : AMP_OFF}
          </span>
          <span className="text-white/80 tabular-nums">{strums} strums of pure air</span>
        </span>
      </PlayArea>
      <MuteToggle />
    </ToyPage>
  );
}

/**
 * A hype line ("🤘 Shred!": an emoji, a space, words): the emoji in the emoji font (app/app.css
 * `emoji`), the words and the space in the page's. Before the first strum, an invitation.
 */
function HypeLine({ line }: { line: string | null }) {
  if (line === null) return "Wave to rock";
  const space = line.indexOf(" ");
  return (
    <>
      <span className="emoji">{line.slice(0, space)}</span>
      {line.slice(space)}
    </>
  );
}
