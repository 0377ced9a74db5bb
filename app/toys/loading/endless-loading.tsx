import { useEffect, useState } from "react";
import { useInterval } from "../../kit/hooks/use-interval";
import { whileShown } from "../../kit/lib/while-shown";
import { ToyPage } from "../../kit/ui/toy-page";
import { ALMOST, MESSAGES, NAH, NAH_MS, nextTick, TICK_MS } from "./logic";

export function EndlessLoading() {
  const [status, setStatus] = useState<string>(MESSAGES[0]);
  // Counts the teases, so that two in a row each get their 'Nah.'.
  const [teases, setTeases] = useState(0);
  const [nah, setNah] = useState(false);

  useInterval(() => {
    const tick = nextTick(Math.random);
    setNah(false);
    if (tick.kind === "message") {
      setStatus(tick.text);
      return;
    }
    setStatus(ALMOST);
    setTeases((n) => n + 1);
  }, TICK_MS);

  // 'Nah.' for the last NAH_MS of a tease. A hidden tab keeps no timer for it (issue 63): the
  // interval stops too, and ticks at once when the tab is shown, which replaces the tease.
  useEffect(() => {
    if (teases === 0) return;
    return whileShown((again) => {
      if (again) return () => {};
      const id = setTimeout(() => setNah(true), TICK_MS - NAH_MS);
      return () => clearTimeout(id);
    });
  }, [teases]);

  return (
    <ToyPage title="Endless Loading" intro="Please wait. Your content is loading. It has always been loading.">
      <div
        aria-hidden="true"
        className="loading-spinner size-[min(8rem,55vw)] rounded-full border-[12px] border-white/20 border-t-fuchsia-400 border-r-cyan-300 forced-colors:border-[color:GrayText] forced-colors:border-t-[color:Highlight] forced-colors:border-r-[color:Highlight] forced-colors:forced-color-adjust-none"
      />
      <div role="status" className="flex min-h-24 flex-col items-center gap-2">
        <p className="text-2xl font-bold">{status}</p>
        {nah ? <p className="text-4xl font-black text-fuchsia-300">{NAH}</p> : null}
      </div>
      {/* In a contrast theme (forced colours), which draws no backgrounds, the spinner's arc and
          the bar are drawn in the theme's highlight colour. */}
      <div className="h-3 w-full max-w-md overflow-hidden rounded-full bg-white/15 forced-colors:border forced-colors:border-[color:CanvasText]">
        <div className="loading-bar h-full w-full origin-left rounded-full bg-linear-to-r from-fuchsia-400 to-cyan-300 forced-colors:bg-none forced-colors:bg-[Highlight] forced-colors:forced-color-adjust-none" />
      </div>
    </ToyPage>
  );
}
