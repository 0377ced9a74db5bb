import { useSyncExternalStore } from "react";

/**
 * Browsers start audio only after the visitor has clicked, tapped or pressed a key on the page
 * ("user activation"); moving the mouse does not count. Sounds asked for before that are dropped
 * rather than queued (a suspended context would play them all at once on the first click), and
 * pages that make noise on movement can say what wakes them up.
 */

interface UserActivation {
  hasBeenActive: boolean;
}

/** Whether the page may start audio now. True where the browser does not say (it will try). */
export function hasUserActivation(): boolean {
  const activation = (globalThis.navigator as { userActivation?: UserActivation } | undefined)?.userActivation;
  return activation ? activation.hasBeenActive : true;
}

// The events that can grant activation (a mouse press, a key, the end of a touch).
const GESTURES = ["pointerdown", "pointerup", "keydown", "touchend"] as const;

function subscribe(onChange: () => void): () => void {
  if (hasUserActivation()) return () => {};
  const stop = () => {
    for (const type of GESTURES) window.removeEventListener(type, check, true);
  };
  function check() {
    if (!hasUserActivation()) return;
    stop();
    onChange();
  }
  for (const type of GESTURES) window.addEventListener(type, check, true);
  return stop;
}

/**
 * Whether sounds can play yet, as React state. The pre-rendered page assumes they cannot: a visitor
 * who arrives directly has not clicked yet, so nothing changes when the page hydrates (no layout
 * shift); after a click in the site (client navigation) the page knows at once.
 */
export function useAudioUnlocked(): boolean {
  return useSyncExternalStore(subscribe, hasUserActivation, () => false);
}
