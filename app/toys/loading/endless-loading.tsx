import { useState } from "react";
import { useInterval } from "../../kit/hooks/use-interval";
import { useTimeouts } from "../../kit/hooks/use-timeouts";
import { ToyPage } from "../../kit/ui/toy-page";
import { ALMOST, MESSAGES, NAH, NAH_MS, nextTick, TICK_MS } from "./logic";

export function EndlessLoading() {
  const [status, setStatus] = useState<string>(MESSAGES[0]);
  const [nah, setNah] = useState(false);
  const later = useTimeouts();

  useInterval(() => {
    const tick = nextTick(Math.random);
    setNah(false);
    if (tick.kind === "message") {
      setStatus(tick.text);
      return;
    }
    setStatus(ALMOST);
    later(() => setNah(true), TICK_MS - NAH_MS);
  }, TICK_MS);

  return (
    <ToyPage title="Endless Loading" intro="Please wait. Your content is loading. It has always been loading.">
      <div
        aria-hidden="true"
        className="loading-spinner size-32 rounded-full border-[12px] border-white/20 border-t-fuchsia-400 border-r-cyan-300"
      />
      <div role="status" className="flex min-h-24 flex-col items-center gap-2">
        <p className="text-2xl font-bold">{status}</p>
        {nah ? <p className="text-4xl font-black text-fuchsia-300">{NAH}</p> : null}
      </div>
      <div className="h-3 w-full max-w-md overflow-hidden rounded-full bg-white/15">
        <div className="loading-bar h-full w-full origin-left rounded-full bg-linear-to-r from-fuchsia-400 to-cyan-300" />
      </div>
    </ToyPage>
  );
}
