import { useState } from "react";
import { useThrottle } from "../../kit/hooks/use-throttle";
import { buzz } from "../../kit/lib/haptics";
import { useAudioUnlocked } from "../../kit/sound/activation";
import { MuteToggle } from "../../kit/sound/mute-toggle";
import { playNoise } from "../../kit/sound/sound";
import { useMuted } from "../../kit/sound/use-muted";
import { PlayArea } from "../../kit/ui/play-area";
import { ToyPage } from "../../kit/ui/toy-page";
import { clapWithCrowd } from "./crowd";
import { CrowdPanel } from "./crowd-panel";
import { CLAP_THROTTLE_MS, clapSound, crowdMood, SILENT_CROWD } from "./logic";

export function Claps() {
  const [claps, setClaps] = useState(0);
  const unlocked = useAudioUnlocked();
  const [muted] = useMuted();
  const clap = useThrottle(() => {
    playNoise(clapSound(Math.random));
    buzz();
    setClaps((n) => n + 1);
    clapWithCrowd();
  }, CLAP_THROTTLE_MS);

  return (
    <ToyPage title="Aggressive Claps" intro="Move your mouse (or press Enter) and receive the applause you deserve.">
      <PlayArea
        label="Applause zone: move the pointer over it, or press Enter or Space, to clap"
        onMove={() => clap()}
        onPress={() => clap()}
        className="grid min-h-[max(50vh,16rem)] place-items-center"
      >
        <span className="flex flex-col items-center gap-2">
          <span aria-hidden="true" key={claps} className="clap-pop emoji text-8xl">
            👏
          </span>
          <span className="text-4xl font-black text-white tabular-nums">{claps}</span>
          <span className="min-h-[2lh] text-lg font-semibold text-white/90">
            {unlocked || muted ? crowdMood(claps) : SILENT_CROWD}
          </span>
        </span>
      </PlayArea>
      <CrowdPanel />
      <MuteToggle />
    </ToyPage>
  );
}
