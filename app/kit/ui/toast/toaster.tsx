import { type ComponentType, useEffect, useState, useSyncExternalStore } from "react";
import { onFirstIntent } from "../../lib/first-intent";
import { getToast, subscribeToasts, type ToastState } from "./toast-store";

type View = ComponentType<{ toast: ToastState }>;

// The toast UI (Radix Toast) is not part of the first load: it is fetched on the visitor's first
// press (toasts answer what the visitor does), or with the first toast at the latest. No Suspense,
// so nothing delays the toast once it is loaded.
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
    const cancel = state ? undefined : onFirstIntent(load);
    if (state) load();
    return () => {
      live = false;
      cancel?.();
    };
  }, [state, ToastView]);

  if (!state || !ToastView) return null;
  return <ToastView toast={state} />;
}
