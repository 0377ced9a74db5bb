import { lazy, Suspense, useSyncExternalStore } from "react";
import { getToast, subscribeToasts } from "./toast-store";

// The toast UI (Radix Toast) loads with the first toast, so pages that never toast never pay for it.
const ToastView = lazy(() => import("./toast-view"));

export function Toaster() {
  const state = useSyncExternalStore(subscribeToasts, getToast, () => null);
  if (!state) return null;
  return (
    <Suspense fallback={null}>
      <ToastView toast={state} />
    </Suspense>
  );
}
