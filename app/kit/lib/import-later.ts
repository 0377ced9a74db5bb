/**
 * Imports code fetched once the page is live (the channel's chunk, a toy's network half), trying
 * again with growing pauses when the fetch fails; returns a function that stops trying.
 */
export function importLater<M>(load: () => Promise<M>, then: (module: M) => void, failed?: (tries: number) => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let cancelled = false;
  const attempt = (tries: number) =>
    load().then(
      (module) => {
        if (!cancelled) then(module);
      },
      () => {
        if (cancelled) return;
        failed?.(tries);
        timer = setTimeout(() => attempt(tries + 1), Math.min(1000 * 2 ** tries, 30_000));
      },
    );
  attempt(0);
  return () => {
    cancelled = true;
    clearTimeout(timer);
  };
}
