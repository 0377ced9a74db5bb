import { useEffect, useRef } from "react";

/**
 * For a control disabled while something runs (a coin in the air, a wheel turning): disabling it
 * drops keyboard focus to the page, so when `busy` ends focus goes back to it, unless the visitor
 * has put focus somewhere else meanwhile. Returns the ref for that control.
 */
export function useFocusBack<T extends HTMLElement>(busy: boolean) {
  const control = useRef<T>(null);
  const wasBusy = useRef(false);
  useEffect(() => {
    if (busy) wasBusy.current = true;
    else if (wasBusy.current) {
      wasBusy.current = false;
      if (document.activeElement === document.body) control.current?.focus();
    }
  }, [busy]);
  return control;
}
