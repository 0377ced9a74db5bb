/**
 * How often a topic whose last read of its store failed asks again (a process started while its
 * Redis still connects, a primary still connecting after a failover): its periodic check is 10 or
 * 30 s away (store-reads.ts).
 */
export const UNTIL_LOADED_MS = 1000;

/**
 * Tasks a topic repeats (sending what changed, reading the store again), on timers that never keep
 * the process alive; the returned function stops them all.
 */
export function repeat(...tasks: [task: () => void, everyMs: number][]): () => void {
  const timers = tasks.map(([task, everyMs]) => setInterval(task, everyMs));
  for (const timer of timers) timer.unref();
  return () => {
    for (const timer of timers) clearInterval(timer);
  };
}

/**
 * A topic's stop, as every shared toy stops: its repeated tasks end (`before` runs first, for what
 * else the topic must end), its presence leaves (its count taken out of the store), and, at the
 * same time, what it still gathered is written and what that changed is sent. Run once however
 * often it is asked for: every caller waits for that one.
 */
export function stopTopic(parts: {
  repeating: () => void;
  writes: { stop(): Promise<void> };
  sendLast: () => void;
  presence?: { stop(): Promise<void> };
  before?: () => void;
}): () => Promise<void> {
  let stopping: Promise<void> | undefined;
  const stop = async () => {
    parts.before?.();
    parts.repeating();
    // Each has the store's deadline; side by side, a frozen store holds the stop once, not twice.
    await Promise.all([parts.presence?.stop(), parts.writes.stop().then(() => parts.sendLast())]);
  };
  return () => {
    stopping ??= stop();
    return stopping;
  };
}
