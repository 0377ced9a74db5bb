import { useEffect, useRef } from "react";
import { useInterval } from "../../kit/hooks/use-interval";
import { useReducedMotion } from "../../kit/hooks/use-reduced-motion";
import { ToyPage } from "../../kit/ui/toy-page";
import { DAY_MS, daysAt, formatRemaining, REELS, REFRESH_MS, type Reel, reelIndex, remaining } from "./logic";

type ReelName = keyof typeof REELS;

/**
 * A column of labels in a window one line high, moved up one label per step by a CSS animation
 * (./motion.css, `clock-reel`): its period and steps are the reel's own. Stepped
 * animations change nothing but a transform, so the page runs no script and lays nothing out
 * between the steps (issue 63: a text written every 50 ms cost 26-38 ms of main thread a second).
 */
function ReelWindow({ name, reel }: { name: ReelName; reel: Reel }) {
  return (
    <span className="inline-block h-[1lh] overflow-hidden align-top">
      <span
        data-reel={name}
        // A layer of its own: a step moves the layer, and nothing is painted again.
        className="clock-reel block will-change-transform"
        style={{ animationDuration: `${reel.periodMs}ms`, animationTimingFunction: `steps(${reel.labels.length})` }}
      >
        {reel.labels.map((label) => (
          <span key={label} className="block">
            {label}
          </span>
        ))}
      </span>
    </span>
  );
}

/** The reels of a face, left to right. */
const reelsOf = (face: HTMLElement | null) => [...(face?.querySelectorAll<HTMLElement>("[data-reel]") ?? [])];

/** The reels' own clock: how long their animations have run, or null when none runs (reduced motion). */
function reelClock(face: HTMLElement | null): number | null {
  const time = reelsOf(face)[0]?.getAnimations()[0]?.currentTime;
  return typeof time === "number" ? time : null;
}

export function Countdown() {
  const face = useRef<HTMLSpanElement>(null);
  const said = useRef<HTMLSpanElement>(null);
  const days = useRef<HTMLSpanElement>(null);
  const reducedMotion = useReducedMotion();
  /** When the countdown started, for the reduced-motion path (the CSS one knows it by itself). */
  const started = useRef(0);

  /** How long the countdown has run: the reels' own clock, or, with reduced motion, the page's. */
  const elapsed = () => reelClock(face.current) ?? Date.now() - started.current;
  /** What changes once a second at most: the days, and the words a screen reader reads. */
  const writeSlowParts = () => {
    const now = elapsed();
    const dayText = String(daysAt(now));
    if (days.current && days.current.textContent !== dayText) days.current.textContent = dayText;
    // The seconds, not the millis: read out, a number changing twenty times a second is noise.
    const text = formatRemaining(remaining(-DAY_MS, now)).slice(0, -4);
    if (said.current && said.current.textContent !== text) said.current.textContent = text;
  };

  useEffect(() => {
    // The reels run from the first paint: the countdown started as long ago as they say.
    started.current = Date.now() - (reelClock(face.current) ?? 0);
  }, []);
  useEffect(() => {
    // Less motion asked for no more: the reels' animations start again, from where the countdown
    // is, not from its start.
    if (reducedMotion) return;
    const now = Date.now() - started.current;
    for (const reel of reelsOf(face.current)) {
      reel.style.transform = "";
      for (const animation of reel.getAnimations()) animation.currentTime = now;
    }
  }, [reducedMotion]);
  useInterval(writeSlowParts, 1000);
  // Less motion asked for: the reels hold still (motion.css) and are set from here, every
  // 50 ms, each only when its label changes.
  useInterval(
    () => {
      const now = elapsed();
      for (const reel of reelsOf(face.current)) {
        const spec = REELS[reel.dataset.reel as ReelName];
        if (!spec) continue;
        const shift = `translateY(${(-100 * reelIndex(spec, now)) / spec.labels.length}%)`;
        if (reel.style.transform !== shift) reel.style.transform = shift;
      }
    },
    reducedMotion ? REFRESH_MS : null,
  );

  return (
    <ToyPage
      title="Countdown to Yesterday"
      intro="Precision-engineered to count down to a moment that has already passed."
    >
      <p className="text-sm font-bold tracking-[0.3em] text-sky-300 uppercase">Time until yesterday</p>
      <p className="rounded-3xl border border-sky-800 bg-black/60 px-capped-6 py-5 font-mono text-[min(2.25rem,max(36px,10.5vw))]/[1.111] font-black text-sky-200 tabular-nums shadow-[0_0_40px_rgba(56,189,248,0.35)] sm:text-6xl">
        <span ref={said} className="sr-only">
          -1d 00:00:00
        </span>
        <span ref={face} aria-hidden="true" data-countdown-face="">
          -<span ref={days}>1</span>d{" "}
          {/* One word, as the text it stands for: a narrow screen breaks the line after the days only. */}
          <span className="whitespace-nowrap">
            <ReelWindow name="hours" reel={REELS.hours} />:
            <ReelWindow name="minuteTens" reel={REELS.minuteTens} />
            <ReelWindow name="minutes" reel={REELS.minutes} />:
            <ReelWindow name="secondTens" reel={REELS.secondTens} />
            <ReelWindow name="seconds" reel={REELS.seconds} />.
            <ReelWindow name="millis" reel={REELS.millis} />
          </span>
        </span>
      </p>
      <p className="max-w-md text-white/85">
        You missed it by a day, and you are missing it a little more every 50 milliseconds. Don't worry: tomorrow it
        will be yesterday again.
      </p>
    </ToyPage>
  );
}
