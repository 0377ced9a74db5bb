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
