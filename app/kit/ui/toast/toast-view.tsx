import * as Toast from "@radix-ui/react-toast";
import { type RefObject, useEffect, useLayoutEffect, useRef } from "react";
import { cn } from "../../lib/cn";
import { toastPlace } from "./placement";
import {
  dismissToast,
  TOAST_DEFAULT_DURATION,
  TOAST_HOTKEY,
  TOAST_SWIPE_THRESHOLD,
  type ToastState,
} from "./toast-store";

/**
 * Keeps the toast area off the focused element: its `data-place` is set where it is measured (when
 * a toast opens, when the area's size changes as the toast arrives in it, and while one is open,
 * when focus moves, the page scrolls or the window changes size), so the frame that shows the toast
 * already has it in its place, with no React render. Focus moved by Tab is measured a frame later,
 * once the browser has scrolled the element into view; focus inside the toast keeps its place.
 */
function useClearOfFocus(area: RefObject<HTMLOListElement | null>, toastId: number, open: boolean) {
  const place = () => {
    const element = area.current;
    if (!element) return;
    const focused = document.activeElement;
    if (focused && element.contains(focused)) return;
    const { height, left, right } = element.getBoundingClientRect();
    element.dataset.place = toastPlace(
      !focused || focused === document.body ? null : focused.getBoundingClientRect(),
      { height, left, right },
      document.documentElement.clientHeight,
    );
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again for each new toast
  useLayoutEffect(place, [toastId]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: listens only while a toast is open
  useEffect(() => {
    if (!open) return;
    const observer = typeof ResizeObserver === "function" ? new ResizeObserver(place) : undefined;
    if (area.current) observer?.observe(area.current);
    let frame = 0;
    const later = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(place);
    };
    document.addEventListener("focusin", later);
    addEventListener("scroll", later, { passive: true });
    addEventListener("resize", later);
    return () => {
      observer?.disconnect();
      cancelAnimationFrame(frame);
      document.removeEventListener("focusin", later);
      removeEventListener("scroll", later);
      removeEventListener("resize", later);
    };
  }, [open]);
}

export default function ToastView({ toast }: { toast: ToastState }) {
  const destructive = toast.variant === "destructive";
  const area = useRef<HTMLOListElement>(null);
  useClearOfFocus(area, toast.id, toast.open);
  return (
    <Toast.Provider duration={TOAST_DEFAULT_DURATION} swipeThreshold={TOAST_SWIPE_THRESHOLD} swipeDirection="right">
      <Toast.Root
        key={toast.id}
        open={toast.open}
        duration={toast.duration}
        onOpenChange={(open) => {
          if (!open) dismissToast(toast.id);
        }}
        data-variant={toast.variant}
        className={cn(
          "toast pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-xl",
          destructive ? "border-red-800 bg-red-700 text-white" : "border-slate-200 bg-white text-slate-900",
        )}
      >
        <div className="grid gap-1">
          <Toast.Title className="font-bold">{toast.title}</Toast.Title>
          {toast.description ? <Toast.Description className="text-sm">{toast.description}</Toast.Description> : null}
          {toast.action ? (
            <Toast.Action
              altText={toast.action.label}
              onClick={toast.action.onClick}
              className="mt-1 justify-self-start rounded-full bg-purple-700 px-4 py-1.5 text-sm font-bold text-white hover:bg-purple-800"
            >
              {toast.action.label}
            </Toast.Action>
          ) : null}
        </div>
        <Toast.Close
          aria-label="Dismiss notification"
          className="absolute top-2 right-2 rounded-md px-2 text-lg leading-none hover:bg-black/10"
        >
          <span aria-hidden="true">×</span>
        </Toast.Close>
      </Toast.Root>
      <Toast.Viewport
        ref={area}
        hotkey={TOAST_HOTKEY}
        className="fixed right-0 bottom-0 z-50 data-[place=top]:top-0 data-[place=top]:bottom-auto m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none"
      />
    </Toast.Provider>
  );
}
