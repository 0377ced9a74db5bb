import { startTransition, useEffect, useState } from "react";

/**
 * A shared toy's state (live-store.ts) for its page, rendered the way React can pause for the
 * browser: news from the server (a whole sheet on joining, a burst of strangers' pops) re-renders
 * the toy in a transition, in slices between frames, and what the visitor does here (an `urgent`
 * update: a pop) renders at once. With `useSyncExternalStore` every update rendered the whole toy
 * inside the message's task: on a phone-speed run, a 30-45 ms task per message on
 * /bubble-wrap/together (Lighthouse TBT up to 250 ms). A store is never torn here: a render reads
 * one state object, replaced whole on every update.
 *
 * The first render is the store's state as it is: the pre-rendered one while the page hydrates
 * (nothing has started it yet), the last one known when the visitor comes back to the page.
 */
export function useLiveState<S>(subscribe: (listener: (urgent: boolean) => void) => () => void, get: () => S): S {
  const [state, setState] = useState(get);
  useEffect(() => {
    const leave = subscribe((urgent) => {
      if (urgent) setState(get());
      else startTransition(() => setState(get()));
    });
    // Anything that changed between the render and this subscription.
    startTransition(() => setState(get()));
    return leave;
  }, [subscribe, get]);
  return state;
}
