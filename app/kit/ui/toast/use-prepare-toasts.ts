import { useEffect } from "react";
import { prepareToastView } from "./toast-loader";

/** A page that toasts in answer to presses fetches the toast view on the visitor's first press. */
export function usePrepareToasts(): void {
  useEffect(prepareToastView, []);
}
