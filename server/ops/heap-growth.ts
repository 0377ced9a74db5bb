import { setFlagsFromString } from "node:v8";

/**
 * How far V8 lets the old generation grow past what the last full collection kept, before the
 * next one: 50%. V8's own choice goes up to 300% when collecting is cheap, and a server whose
 * channels come and go (each one's objects outlive the young generation and die in the old one)
 * then holds several times its live memory between collections: under `npm run bench:attack`,
 * 243 MB of old generation of which about 40 MB was live. The runs with and without this bound,
 * and what it costs, are in docs/live.md (under attack). The flag replaces V8's factor in every
 * case, its more careful ones near the heap's limit too (the limit itself still holds); it is V8's
 * own, set once at start (Node lets flags be set then): should a later V8 drop it, V8 prints
 * "unrecognized flag" at start and the bound is gone, which `npm run bench:attack` would show.
 */
export const HEAP_GROWING_PERCENT = 50;

/** The process's heap grows by at most HEAP_GROWING_PERCENT between full collections. */
export function boundHeapGrowth() {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
