/**
 * Runs `start` while the page is shown, and stops what it started while the page is hidden: a
 * phone's battery pays for every timer, and browsers only slow a hidden tab's timers down (issue
 * 63). `start` runs at once unless the page is hidden, and again each time the page is shown
 * (`again` true: time to catch up); what it returns stops it, on hiding or on the returned stop.
 */
export function whileShown(start: (again: boolean) => () => void): () => void {
  let stop: (() => void) | undefined;
  const sync = (again: boolean) => {
    if (document.visibilityState !== "hidden") stop ??= start(again);
    else if (stop) {
      stop();
      stop = undefined;
    }
  };
  const onVisibility = () => sync(true);
  sync(false);
  document.addEventListener("visibilitychange", onVisibility);
  return () => {
    stop?.();
    document.removeEventListener("visibilitychange", onVisibility);
  };
}
