import type { Random } from "./random";

/**
 * The site's one maker of random ids (a device's, a page's batches of claps, a paint's, a tab's
 * key in storage): a UUID where the browser makes one (a secure context), else 32 hex digits of
 * crypto's randomness, or of `random`'s without crypto at all. Letters, digits and dashes, 32 or
 * 36 of them: every id rule the server checks takes it (contracts/: DEVICE_ID, PAGE_ID, PAINT_ID).
 */
export function randomId(random: Random = Math.random): string {
  // Written small: it travels with every live page's code (vite.config.ts, the "live" chunk).
  const source: Partial<Crypto> | undefined = globalThis.crypto;
  if (source?.randomUUID) return source.randomUUID();
  const bytes = new Uint8Array(16);
  if (source?.getRandomValues) source.getRandomValues(bytes);
  else
    bytes.forEach((_, k) => {
      // A Uint8Array keeps the whole part of what it is given: 0 to 255.
      bytes[k] = random() * 256;
    });
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
