import { useEffect, useState } from "react";
import { useInterval } from "../../kit/hooks/use-interval";
import { ToyPage } from "../../kit/ui/toy-page";
import { formatRemaining, REFRESH_MS, remaining, yesterdayOf } from "./logic";

export function Countdown() {
  // The clock is read after hydration: the pre-rendered page cannot know the visitor's "now".
  const [target, setTarget] = useState<number | null>(null);
  const [now, setNow] = useState(0);
  useEffect(() => {
    const start = Date.now();
    setTarget(yesterdayOf(start));
    setNow(start);
  }, []);
  useInterval(() => setNow(Date.now()), target === null ? null : REFRESH_MS);

  const text = target === null ? "-1d 00:00:00.000" : formatRemaining(remaining(target, now));
  return (
    <ToyPage
      title="Countdown to Yesterday"
      intro="Precision-engineered to count down to a moment that has already passed."
    >
      <p className="text-sm font-bold tracking-[0.3em] text-sky-300 uppercase">Time until yesterday</p>
      <p className="rounded-3xl border border-sky-800 bg-black/60 px-6 py-5 font-mono text-4xl font-black text-sky-200 tabular-nums shadow-[0_0_40px_rgba(56,189,248,0.35)] sm:text-6xl">
        <time>{text}</time>
      </p>
      <p className="max-w-md text-white/85">
        You missed it by a day, and you are missing it a little more every 50 milliseconds. Don't worry: tomorrow it
        will be yesterday again.
      </p>
    </ToyPage>
  );
}
