import { useEffect, useRef, useState } from "react";

/**
 * What a live region says of `text` (a total that changes as strangers play): the first change at
 * once, then at most every `everyMs` while it keeps changing, each time the latest. A throttle
 * with its trailing call, not a debounce: a wait that started again on every change would, on a
 * busy page whose total never rests for `everyMs`, say nothing after the first time.
 */
export function useAnnounced(text: string, everyMs: number): string {
  const [said, setSaid] = useState("");
  const saidAt = useRef(Number.NEGATIVE_INFINITY);
  useEffect(() => {
    if (text === said) return;
    // Changes meanwhile keep the moment: the latest is said then.
    const timer = setTimeout(
      () => {
        saidAt.current = Date.now();
        setSaid(text);
      },
      Math.max(0, saidAt.current + everyMs - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [text, said, everyMs]);
  return said;
}
