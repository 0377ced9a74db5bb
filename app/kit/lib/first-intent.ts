/**
 * The first sign that the visitor is about to act: a press of the mouse, a finger or a key,
 * anywhere on the page. Code that only matters once the visitor acts (the toast view, the sound
 * engine) is fetched then, not on a cold load: a press comes tens of milliseconds before the click
 * it starts, which is when a sound or a toast is first asked for.
 */
const INTENT = ["pointerdown", "keydown", "touchstart"] as const;

/** Calls `run` once, on the first press after now; the returned function cancels it. */
export function onFirstIntent(run: () => void): () => void {
  if (typeof window === "undefined") return () => {};
  const stop = () => {
    for (const type of INTENT) window.removeEventListener(type, fire, true);
  };
  function fire() {
    // Offline (no service worker has the files), there is nothing to fetch yet: the next press tries.
    if (typeof navigator !== "undefined" && navigator.onLine === false) return;
    stop();
    run();
  }
  for (const type of INTENT) window.addEventListener(type, fire, { capture: true, passive: true });
  return stop;
}
