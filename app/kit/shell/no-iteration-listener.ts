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
  const add = target.addEventListener as (...args: unknown[]) => void;
  // On the document itself, over the prototype's method, until the root is made (the page's bytes
  // are budgeted: a document has no method of its own to keep).
  target.addEventListener = function (this: Document, type: string, ...rest: unknown[]) {
    if (type !== "animationiteration") add.call(this, type, ...rest);
  } as Document["addEventListener"];
  try {
    return create();
  } finally {
    delete (target as Partial<Document>).addEventListener;
  }
}
