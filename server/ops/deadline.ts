/**
 * `work`'s answer, or `late()`'s error once `ms` have passed without one (and one more turn of the
 * event loop): the deadline of the store's guard, the fleet's limits, ROLE and the Sentinels' answers.
 *
 * The verdict waits for the event loop's I/O: after a stall of this process longer than the
 * deadline (an overloaded machine), timers run before the sockets are read, and an answer that came
 * in time would be taken for none (a fresh clone beside two busy loops logged the store unavailable
 * again right after it came back). `setImmediate` runs after the reads. The timer does not keep
 * the process alive, and is cleared once the race is settled.
 */
export function withinDeadline<T>(work: Promise<T>, ms: number, late: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => setImmediate(() => reject(late())), ms);
    timer.unref();
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
