import { useEffect, useRef, useState } from "react";
import { whileShown } from "../lib/while-shown";

/**
 * What a live region says of `text` (a total that changes as strangers play): the first change at
 * once, then at most every `everyMs` while it keeps changing, each time the latest. A throttle
 * with its trailing call, not a debounce: a wait that started again on every change would, on a
 * busy page whose total never rests for `everyMs`, say nothing after the first time.
 *
 * Nothing is said while the tab is hidden (a screen reader reads the tab in front): no timer waits
 * then, and the latest is said when the tab is shown again (issue 63: a hidden page ticks nothing).
 */
export function useAnnounced(text: string, everyMs: number): string {
  const [said, setSaid] = useState("");
  const saidAt = useRef(Number.NEGATIVE_INFINITY);
  useEffect(() => {
    if (text === said) return;
    // Changes meanwhile keep the moment: the latest is said then.
    return whileShown(() => {
      const timer = setTimeout(
        () => {
          saidAt.current = Date.now();
          setSaid(text);
        },
        Math.max(0, saidAt.current + everyMs - Date.now()),
      );
      return () => clearTimeout(timer);
    });
  }, [text, said, everyMs]);
  return said;
}
