import { randomId } from "./random-id";
import { readItem, writeItem } from "./storage";

/**
 * This browser's device id, for a shared toy that counts one of something per device (a vote per
 * poll): random, made once and kept in localStorage under a key of its own, so it is the same in
 * every tab and on every visit. Storage is untrusted: what is read back is used only when it has
 * the form this file makes (else a fresh id replaces it). Where storage cannot be written, the id
 * lives in this page's memory: the same for the page's life, a new one on the next visit (a
 * device that forgets is a new device; the server counts what it is sent, no more).
 *
 * Two tabs that make the first id at the same moment both write one: each reads the stored value
 * back after writing, so both go on with whichever landed last.
 */
export const DEVICE_ID_KEY = "pointlessDeviceId";

/** What this file keeps: randomId()'s letters, digits and dashes (and any id of that form). */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** The id this page settled on, for when storage forgets it or cannot keep it. */
let inMemory: string | null = null;

const valid = (value: string | null | undefined): value is string =>
  typeof value === "string" && DEVICE_ID_PATTERN.test(value);

export function deviceId(): string {
  const stored = readItem(DEVICE_ID_KEY);
  if (valid(stored)) {
    inMemory = stored;
    return stored;
  }
  const id = inMemory ?? randomId();
  writeItem(DEVICE_ID_KEY, id);
  const settled = readItem(DEVICE_ID_KEY);
  inMemory = valid(settled) ? settled : id;
  return inMemory;
}

/** Forgets the id held in memory (tests start each from nothing). */
export function resetDeviceIdForTests(): void {
  inMemory = null;
}
