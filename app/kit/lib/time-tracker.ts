import { toast } from "../ui/toast/toast-store";
import { addTimeWasted, countedMs, milestoneCrossed, SAVE_EVERY_MS } from "./time-wasted";

const INPUT = ["pointerdown", "pointermove", "keydown", "wheel", "scroll", "touchstart"] as const;

let stop: (() => void) | undefined;

/**
 * Counts the visitor's time on the site from now (their first press) until the page goes away:
 * a separate chunk, fetched on that first press, so no page pays for it on a cold load. It keeps
 * no timer: the time is added up when the visitor acts (at most every few seconds), when the tab
 * hides and when the page goes, which is all it needs, since idle time does not count.
 */
export function startTimeTracker(): () => void {
  if (stop) return stop;
  let since = Date.now();
  let lastInput = since;
  let visible = document.visibilityState === "visible";

  function save(now: number) {
    const ms = countedMs(since, now, lastInput, visible);
    since = now;
    if (ms <= 0) return;
    const { before, after } = addTimeWasted(ms);
    const milestone = milestoneCrossed(before, after);
    if (milestone) toast({ title: milestone.title, description: milestone.description });
  }

  function onInput() {
    const now = Date.now();
    // Saved before the new input counts: a pause longer than a minute is left out.
    if (now - since >= SAVE_EVERY_MS) save(now);
    lastInput = now;
  }

  function onVisibility() {
    save(Date.now());
    visible = document.visibilityState === "visible";
  }

  const onPageHide = () => save(Date.now());
  for (const type of INPUT) window.addEventListener(type, onInput, { capture: true, passive: true });
  document.addEventListener("visibilitychange", onVisibility);
  window.addEventListener("pagehide", onPageHide);

  stop = () => {
    save(Date.now());
    for (const type of INPUT) window.removeEventListener(type, onInput, true);
    document.removeEventListener("visibilitychange", onVisibility);
    window.removeEventListener("pagehide", onPageHide);
    stop = undefined;
  };
  return stop;
}
