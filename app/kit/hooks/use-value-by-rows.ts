import { startTransition, useEffect, useState } from "react";

/**
 * A value every row of a grid shows (live or not, painting allowed or not), changed a few rows a
 * frame: returns the value the row `offset` rows from the first in view shows now. A change that
 * reached every row in view at once was one commit of every button in the grid (12-15 ms under
 * Lighthouse on the shared sheet and wall: issue 55); `perFrame` rows a frame, each frame's rows a
 * transition of their own, until `settledAfter` rows (more than are ever in view) have it, and then
 * every row does.
 */
export function useValueByRows<T>(value: T, perFrame: number, settledAfter: number): (offset: number) => T {
  const [shown, setShown] = useState({ value, before: value, rows: Number.POSITIVE_INFINITY });
  useEffect(() => {
    if (!Object.is(shown.value, value)) {
      // Rows not reached yet keep what they show (the value before, or the one being rolled out).
      setShown({ value, before: shown.value, rows: 0 });
      return;
    }
    if (shown.rows === Number.POSITIVE_INFINITY) return;
    const next = requestAnimationFrame(() =>
      startTransition(() =>
        setShown((now) => {
          const rows = now.rows + perFrame;
          return { ...now, rows: rows >= settledAfter ? Number.POSITIVE_INFINITY : rows };
        }),
      ),
    );
    return () => cancelAnimationFrame(next);
  }, [value, shown, perFrame, settledAfter]);
  return (offset) => (offset < shown.rows ? shown.value : shown.before);
}
