import { useSyncExternalStore } from "react";
import { isMuted, setMuted, subscribeMuted } from "./mute";

/** The site-wide mute as React state. Before hydration the page renders as unmuted. */
export function useMuted(): [muted: boolean, setMuted: (muted: boolean) => void] {
  const muted = useSyncExternalStore(subscribeMuted, isMuted, () => false);
  return [muted, setMuted];
}
