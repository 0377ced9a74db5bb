import { type ComponentType, lazy, Suspense, useEffect, useEffectEvent, useRef, useState } from "react";
import { useShuffleBag } from "../../kit/hooks/use-shuffle-bag";
import { useStoredNumber } from "../../kit/hooks/use-stored-number";
import { useTimeouts } from "../../kit/hooks/use-timeouts";
import { cn } from "../../kit/lib/cn";
import { onFirstIntent } from "../../kit/lib/first-intent";
import { MuteToggle } from "../../kit/sound/mute-toggle";
import { playTone } from "../../kit/sound/sound";
import type { ShareButtonProps } from "../../kit/ui/share-button";
import { toast } from "../../kit/ui/toast/toast-store";
import { usePrepareToasts } from "../../kit/ui/toast/use-prepare-toasts";
import { ToyPage } from "../../kit/ui/toy-page";
import { type Burst, Confetti } from "./confetti";
import { recordClick } from "./counter-client";
import { adoptEarlyPresses, DEVICE_KEY, EARLY_PRESS_SCRIPT, earlyPresses, PERSONAL_KEY } from "./early-press";
import {
  CONFETTI_MS,
  clickToneFrequency,
  counterDisplay,
  DEGREES_PER_CLICK,
  fillCount,
  isAddicted,
  MILESTONE_TOAST_MS,
  makeConfetti,
  milestoneBetween,
  milestoneDescription,
  nextGradient,
} from "./logic";
import { useGlobalCounter } from "./use-global-counter";
import { CONFETTI_COLORS, GRADIENTS, MESSAGES } from "./words";

/**
 * The share button shows only once there is a count to share (never in the pre-rendered page, so
 * never while the page hydrates): its code is fetched at the first press, not before. Where it
 * cannot be fetched (offline on a first visit), there is no share button: nothing else breaks.
 */
const loadShareButton = (): Promise<{ default: ComponentType<ShareButtonProps> }> =>
  import("../../kit/ui/share-button").then(
    (module) => ({ default: module.ShareButton }),
    () => ({ default: () => null }),
  );
const ShareButton = lazy(loadShareButton);

/** At most this many confetti bursts are on screen, however fast the visitor clicks. */
const MAX_BURSTS = 3;

export function UselessButton() {
  // Its toasts answer presses: the toast view is fetched on the first one.
  usePrepareToasts();
  // The share button's code, fetched at the first press (a press comes tens of milliseconds before
  // the click that makes a count to share), so it is there by then and a visit that never presses
  // never pays for it. A count from an earlier visit shows it at once (the lazy component fetches it).
  useEffect(() => onFirstIntent(() => void loadShareButton()), []);
  // This device's count of every click (the spec's key); the global counter shows it where there
  // is no counter service.
  const [deviceClicks, incrementDevice] = useStoredNumber(DEVICE_KEY);
  const [personalClicks, incrementPersonal] = useStoredNumber(PERSONAL_KEY);
  // Until the stored count arrives (a transition after hydration), the count the inline script
  // showed, if it answered a press: kept here, as the script's note is handed over in an effect.
  const [earlyClicks, setEarlyClicks] = useState(() => earlyPresses()?.personal ?? null);
  const shownClicks = personalClicks ?? earlyClicks ?? "–";
  const counter = useGlobalCounter();
  const global = counterDisplay(counter, deviceClicks);
  const { current: message, next: nextMessage } = useShuffleBag(MESSAGES);
  const [gradient, setGradient] = useState(0);
  // Presses the page's inline script answered before React was here (early-press.ts) turned the
  // button already: the first render turns it as far, so hydration finds the page as it is.
  const [spins, setSpins] = useState(() => earlyPresses()?.presses ?? 0);
  const [bursts, setBursts] = useState<Burst[]>([]);
  const burstId = useRef(0);
  const later = useTimeouts();

  /** What presses do besides counting them on this device: `presses` of them, the last making `mine`. */
  function celebrate(presses: number, mine: number) {
    for (let i = 0; i < presses; i++) recordClick();
    nextMessage();
    setGradient((g) => nextGradient(g, GRADIENTS.length, presses));

    const burst = { id: ++burstId.current, pieces: makeConfetti(CONFETTI_COLORS, Math.random) };
    setBursts((all) => [...all.slice(1 - MAX_BURSTS), burst]);
    later(() => setBursts((all) => all.filter((b) => b.id !== burst.id)), CONFETTI_MS);

    const milestone = milestoneBetween(mine - presses, mine);
    if (milestone !== null) {
      toast({
        title: "Milestone Achieved!",
        description: milestoneDescription(milestone),
        duration: MILESTONE_TOAST_MS,
      });
    }
  }

  function handleClick() {
    incrementDevice();
    const mine = incrementPersonal();
    setSpins((s) => s + 1);
    playTone({ frequency: clickToneFrequency(Math.random), duration: 0.15, type: "triangle" });
    celebrate(1, mine);
  }

  // The presses the inline script answered (counted and shown already): the rest of what they do,
  // once, as React takes over.
  const adoptPresses = useEffectEvent(() => {
    const early = adoptEarlyPresses();
    if (!early) return;
    setEarlyClicks(early.personal);
    setSpins(early.presses);
    celebrate(early.presses, early.personal);
  });
  useEffect(() => adoptPresses(), []);

  return (
    <ToyPage title="The Useless Button" intro="It does nothing. Beautifully. Go on, press it.">
      {/* The first badge's label changes once the page knows whether the counter service is there
          ("Global clicks" or "Clicks on this device"): stacked full width on phones and at one
          minimum width beside each other on wider screens, the number at the badge's end, so the
          change moves nothing. */}
      <div className="flex w-full max-w-sm flex-col items-stretch gap-3 text-center text-base sm:w-auto sm:max-w-none sm:flex-row sm:flex-wrap sm:items-center sm:justify-center">
        <p className="flex items-center gap-2 rounded-full bg-black/30 px-4 py-1.5 sm:min-w-64" title={global.note}>
          {global.label}: <strong className="ml-auto inline-block min-w-8 tabular-nums">{global.value ?? "–"}</strong>
          {global.waiting ? <span className="ml-1 text-sm text-white/80">({global.waiting} waiting)</span> : null}
        </p>
        {/* A status: a screen reader hears the count after each press, as the button keeps focus
            while its words change, which not every screen reader reads out. */}
        <p className="rounded-full bg-white px-4 py-1.5 font-semibold text-purple-900 shadow" role="status">
          Your clicks:{" "}
          <strong data-early-count className="inline-block min-w-8 tabular-nums">
            {shownClicks}
          </strong>
        </p>
      </div>

      <div className="relative grid aspect-square w-72 max-w-full grid-cols-1 place-items-center">
        <button
          type="button"
          onClick={handleClick}
          data-early-press
          style={{ transform: `rotate(${spins * DEGREES_PER_CLICK}deg)` }}
          className={cn(
            "aspect-square w-64 max-w-[calc(100%-2rem)] rounded-full bg-linear-to-br p-8 text-xl font-extrabold text-white shadow-2xl ring-4 ring-white/40",
            "transition-transform duration-500 ease-out text-shadow-md hover:scale-105 active:scale-95",
            "motion-reduce:transition-none",
            GRADIENTS[gradient],
          )}
        >
          {message ? fillCount(message, personalClicks ?? 0) : "Click me. It does nothing."}
        </button>
        {/*
          Answers a press before React is here. It runs only in the pre-rendered page (a script
          React adds is never run), so the browser's bundle leaves its text out (230 bytes of `/`'s
          cold load) and hydration keeps the page's own: React compares no inner HTML when it
          hydrates, and nothing on the client changes it after.
        */}
        <script
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of the build, allowed by its hash
          dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? EARLY_PRESS_SCRIPT : "" }}
        />
        <Confetti bursts={bursts} />
      </div>

      <MuteToggle />
      {/* A reserved line: a returning visitor's count arrives after hydration, and nothing may
          move when the share button appears with it. */}
      <div className="min-h-11">
        {personalClicks ? (
          <Suspense fallback={null}>
            <ShareButton
              text={`I have pressed the Useless Button ${personalClicks} ${personalClicks === 1 ? "time" : "times"}. It did nothing, every time.`}
            />
          </Suspense>
        ) : null}
      </div>

      <div role="status" className="min-h-14">
        {personalClicks !== null && isAddicted(personalClicks) ? (
          <p className="rounded-2xl bg-red-700 px-5 py-3 font-bold shadow-lg">
            <span aria-hidden="true" className="emoji">
              🚨
            </span>{" "}
            You are officially addicted to clicking a useless button. Seek help. Or keep clicking.
          </p>
        ) : null}
      </div>
    </ToyPage>
  );
}
