import { type ComponentType, useEffect, useState, useSyncExternalStore } from "react";
import { getToast, subscribeToasts, type ToastState } from "./toast-store";

type View = ComponentType<{ toast: ToastState }>;

// The toast UI (Radix Toast) is not part of the first load: it is fetched when the browser is idle,
// or with the first toast at the latest. No Suspense, so nothing delays the toast once it is loaded.
let view: View | undefined;
let loading: Promise<View> | undefined;

function loadView(): Promise<View> {
  loading ??= import("./toast-view").then((module) => {
    view = module.default;
    return view;
  });
  return loading;
}

export function Toaster() {
  const state = useSyncExternalStore(subscribeToasts, getToast, () => null);
  const [ToastView, setToastView] = useState<View | undefined>(() => view);

  useEffect(() => {
    if (ToastView) return;
    let live = true;
    const load = () => {
      loadView()
        .then((loaded) => {
          if (live) setToastView(() => loaded);
        })
        .catch(() => {
          loading = undefined; // offline or a new deploy: try again with the next toast
        });
    };
    if (state) {
      load();
    } else if ("requestIdleCallback" in window) {
      const id = window.requestIdleCallback(load, { timeout: 5000 });
      return () => {
        live = false;
        window.cancelIdleCallback(id);
      };
    }
    return () => {
      live = false;
    };
  }, [state, ToastView]);

  if (!state || !ToastView) return null;
  return <ToastView toast={state} />;
}
