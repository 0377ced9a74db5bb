import { startTransition, useEffect, useState } from "react";

let hydrated = false;

/** The page has hydrated (the root layout's effect): later renders read client values at once. */
export function markHydrated(): void {
  hydrated = true;
}

/**
 * A value the pre-rendered page cannot know (something stored on the device, a media query), kept
 * in step with its source. While the page hydrates it is `serverValue`, as in the HTML; right
 * after, the real one arrives in a transition, a render React slices between frames. With
 * `useSyncExternalStore` React re-rendered every such component synchronously inside the one task
 * that runs the hydration's effects (issue 55: 4-6 ms of the 8-11 ms task on `/`, 70-90 ms at 8x
 * CPU). A page reached by a client navigation reads the real value in its first render; a change
 * later (a click here, another tab's write) renders at once.
 */
export function useClientValue<T>(subscribe: (onChange: () => void) => () => void, read: () => T, serverValue: T): T {
  const [value, setValue] = useState<T>(() => (hydrated ? read() : serverValue));
  useEffect(() => {
    const update = () => setValue(() => read());
    // What the pre-rendered page showed, or what changed between the render and this subscription.
    startTransition(update);
    return subscribe(update);
  }, [subscribe, read]);
  return value;
}
