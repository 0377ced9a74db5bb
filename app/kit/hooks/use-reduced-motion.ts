import { useClientValue } from "./use-client-value";

const QUERY = "(prefers-reduced-motion: reduce)";

function subscribe(listener: () => void): () => void {
  if (typeof window === "undefined" || !window.matchMedia) return () => {};
  const list = window.matchMedia(QUERY);
  list.addEventListener?.("change", listener);
  return () => list.removeEventListener?.("change", listener);
}

/** Whether the visitor asked for less motion, now (for code outside React). */
export function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && !!window.matchMedia && window.matchMedia(QUERY).matches;
}

/** True when the visitor asked for less motion. False during pre-render and hydration. */
export function useReducedMotion(): boolean {
  return useClientValue(subscribe, prefersReducedMotion, false);
}
