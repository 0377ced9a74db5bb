/**
 * React listens at its root for every event it has a prop for, `animationiteration` among them
 * (for `onAnimationIteration`, which this site never uses: app/kit/shell/no-iteration-listener.test.ts).
 * In Chromium one such listener anywhere in the document has every running CSS animation serviced
 * on the main thread at every frame, so that the event can be told at the right moment: 200 emoji
 * wiggling by CSS cost 2.4 ms of main thread a second without it, 303 with it, measured on this
 * site's Emoji Wall (issue 63). `create` (React's root, made with this document as its container)
 * runs with that one registration left out; every other listener, and every later call, is as it was.
 */
export function withoutIterationListener<T>(target: Document, create: () => T): T {
  const own = Object.getOwnPropertyDescriptor(target, "addEventListener");
  const add = target.addEventListener;
  Object.defineProperty(target, "addEventListener", {
    configurable: true,
    writable: true,
    value(this: Document, ...args: Parameters<Document["addEventListener"]>) {
      if (args[0] === "animationiteration") return;
      return add.apply(this, args);
    },
  });
  try {
    return create();
  } finally {
    if (own) Object.defineProperty(target, "addEventListener", own);
    else delete (target as { addEventListener?: unknown }).addEventListener;
  }
}
