import { useEffect, useState, useSyncExternalStore } from "react";
import { loadedToastView, loadToastView, type ToastViewComponent } from "./toast-loader";
import { getToast, subscribeToasts } from "./toast-store";

/** The toast outlet in the shell: shows the current toast once the view has arrived. */
export function Toaster() {
  const state = useSyncExternalStore(subscribeToasts, getToast, () => null);
  const [ToastView, setToastView] = useState<ToastViewComponent | undefined>(loadedToastView);

  useEffect(() => {
    if (ToastView || !state) return;
    let live = true;
    // No Suspense, so nothing delays the toast once the view is there.
    loadToastView().then(
      (loaded) => {
        if (live) setToastView(() => loaded);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [state, ToastView]);

  if (!state || !ToastView) return null;
  return <ToastView toast={state} />;
}
