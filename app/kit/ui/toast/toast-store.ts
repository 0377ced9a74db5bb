/**
 * The site's one toast system (spec sections 3, 4, 9): at most one toast at a time, a new one
 * replaces the old. Any component calls `toast(...)`; the Toaster in the shell shows it.
 */
export type ToastVariant = "default" | "destructive";

export interface ToastOptions {
  title: string;
  description?: string;
  /** Milliseconds before it dismisses itself; Infinity keeps it until closed. Default 5000. */
  duration?: number;
  variant?: ToastVariant;
  /** A button in the toast, e.g. "Reload" for a new version of the site. */
  action?: { label: string; onClick: () => void };
}

export interface ToastState extends ToastOptions {
  id: number;
  open: boolean;
}

export const TOAST_DEFAULT_DURATION = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;
export const TOAST_HOTKEY = ["F8"];

let current: ToastState | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: ToastState | null): void {
  current = next;
  for (const listener of listeners) listener();
}

/** Shows a toast (replacing any toast on screen) and returns its id. */
export function toast(options: ToastOptions): number {
  const id = nextId++;
  emit({ duration: TOAST_DEFAULT_DURATION, variant: "default", ...options, id, open: true });
  return id;
}

/** Closes the toast with this id (or whichever is shown). */
export function dismissToast(id?: number): void {
  if (current?.open && (id === undefined || current.id === id)) emit({ ...current, open: false });
}

export function getToast(): ToastState | null {
  return current;
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
