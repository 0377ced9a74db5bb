import type { ComponentType } from "react";
import { onFirstIntent } from "../../lib/first-intent";
import type { ToastState } from "./toast-store";

export type ToastViewComponent = ComponentType<{ toast: ToastState }>;

// The toast UI (Radix Toast, 11.6 KB) is not part of the first load. It is fetched with the first
// toast, or earlier on the first press of a page that toasts in answer to presses
// (`usePrepareToasts`): evaluating it takes up to 50 ms on a slow machine, a long task that pages
// which never toast (the pointer toys) should not pay while the visitor plays.
let view: ToastViewComponent | undefined;
let loading: Promise<ToastViewComponent> | undefined;

/** The view, if it has arrived. */
export const loadedToastView = () => view;

export function loadToastView(): Promise<ToastViewComponent> {
  loading ??= import("./toast-view").then(
    (module) => {
      view = module.default;
      return view;
    },
    (error: unknown) => {
      loading = undefined; // offline or a new deploy: try again with the next toast
      throw error;
    },
  );
  return loading;
}

/** For pages that toast in answer to a press: fetch the view on the visitor's first press. */
export function prepareToastView(): () => void {
  return onFirstIntent(() => void loadToastView().catch(() => {}));
}
