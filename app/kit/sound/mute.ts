import { readItem, writeItem } from "../lib/storage";

/** The site-wide mute, saved across visits. Every sound of the site respects it, in every tab. */
const MUTE_KEY = "pointlessMuted";
const listeners = new Set<() => void>();
let muted = false;
let known = false;
/** The last write failed (storage blocked or full): this tab's choice outranks what is stored. */
let unsaved = false;

function refresh(): void {
  const raw = readItem(MUTE_KEY);
  if (raw !== undefined && !unsaved) muted = raw === "1";
  known = true;
}

export function isMuted(): boolean {
  // While nothing listens, another tab may have changed it: read it again (a cheap local read).
  if (!known || listeners.size === 0) refresh();
  return muted;
}

export function setMuted(next: boolean): void {
  muted = next;
  known = true;
  unsaved = !writeItem(MUTE_KEY, next ? "1" : "0");
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent): void {
  if (event.key !== MUTE_KEY && event.key !== null) return;
  unsaved = false; // another tab's choice is the newest
  refresh();
  for (const listener of listeners) listener();
}

export function subscribeMuted(listener: () => void): () => void {
  if (listeners.size === 0 && typeof window !== "undefined") window.addEventListener("storage", onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== "undefined") window.removeEventListener("storage", onStorage);
  };
}
