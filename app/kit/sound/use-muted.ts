import { useClientValue } from "../hooks/use-client-value";
import { isMuted, setMuted, subscribeMuted } from "./mute";

/** The site-wide mute as React state. Before hydration the page renders as unmuted. */
export function useMuted(): [muted: boolean, setMuted: (muted: boolean) => void] {
  const muted = useClientValue(subscribeMuted, isMuted, false);
  return [muted, setMuted];
}
