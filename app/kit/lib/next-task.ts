/**
 * Runs `run` in a task of its own, right after the current one (a message to itself, not a timer:
 * a page whose clock is held, in a test, still runs it); returns a function that cancels it. Work
 * that need not share the current task gets out of it: on a phone, two short tasks block nothing
 * where one long one blocks a press (Lighthouse's TBT counts every task over 50 ms).
 */
export function nextTask(run: () => void): () => void {
  const channel = new MessageChannel();
  let cancelled = false;
  channel.port1.onmessage = () => {
    channel.port1.close();
    if (!cancelled) run();
  };
  channel.port2.postMessage(null);
  return () => {
    cancelled = true;
    channel.port1.close();
  };
}

/**
 * Resolves in a task of its own: `scheduler.yield()` where the browser has it (the continuation
 * keeps its place ahead of other work the page has queued), otherwise a message to itself, as
 * `nextTask`. `await afterThisTask()` between two pieces of start-up work lets the browser answer
 * a press, or paint, between them.
 */
export function afterThisTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => nextTask(resolve));
}

type PostTask = (run: () => void, options: { priority: "background"; signal?: AbortSignal }) => Promise<void>;

/**
 * Runs `run` in a task of its own once the page has nothing more pressing to do: after React's
 * hydration and the browser's frames (`scheduler.postTask` at background priority, which a paused
 * test clock does not hold; otherwise `requestIdleCallback` with a deadline of a second, otherwise
 * the next task, as `nextTask`). Returns a function that cancels it. Start-up work a first press does not need (the
 * service worker, the live channel, a toy's network half) waits here, so it never shares the main
 * thread with hydration.
 *
 * Cancel it only before it has run: where it is a `scheduler.postTask`, cancelling aborts the
 * task's signal, which every `scheduler.yield()` awaited in what `run` started inherits, and such a
 * yield then rejects (a visitor who left `/` the moment its counter started got an uncaught "signal
 * is aborted without reason": app/toys/useless-button/counter-client.ts).
 */
export function whenIdle(run: () => void): () => void {
  const scheduler = (globalThis as { scheduler?: { postTask?: PostTask } }).scheduler;
  if (typeof scheduler?.postTask === "function") {
    const controller = new AbortController();
    scheduler.postTask(run, { priority: "background", signal: controller.signal }).catch(() => {});
    return () => controller.abort();
  }
  if (typeof requestIdleCallback === "function") {
    const id = requestIdleCallback(run, { timeout: 1000 });
    return () => cancelIdleCallback(id);
  }
  return nextTask(run);
}
