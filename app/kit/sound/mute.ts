import { readItem, writeItem } from "../lib/storage";

/** The site-wide mute, saved across visits. Every sound of the site respects it. */
const MUTE_KEY = "pointlessMuted";
const listeners = new Set<() => void>();
let muted: boolean | undefined;

export function isMuted(): boolean {
  if (muted === undefined) muted = readItem(MUTE_KEY) === "1";
  return muted;
}

export function setMuted(next: boolean): void {
  muted = next;
  writeItem(MUTE_KEY, next ? "1" : "0");
  for (const listener of listeners) listener();
}

export function subscribeMuted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
