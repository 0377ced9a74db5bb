import { type Doubt, NO_DOUBT } from "./doubt";

/**
 * What the Useless Button's global counter shows (global-counter.ts keeps it up to date): a small
 * store for `useSyncExternalStore`, told of changes only when something a visitor sees changed.
 */

export type CounterMode =
  /** Waiting for the first answer. */
  | "connecting"
  /** The server answered: the total is everyone's. */
  | "live"
  /** The network is down (or the server is): the last known total plus this device's clicks. */
  | "offline"
  /** There is no counter service here (a static host): only this device's count. */
  | "local";

export interface CounterState extends Doubt {
  /** The server's total as last seen, or null before the first answer. */
  total: number | null;
  /** Clicks made here, not yet confirmed by the server. */
  pending: number;
  mode: CounterMode;
  /**
   * The last try to send those clicks got no answer (or a server error): they wait for the next
   * try, even while the server's total still comes in (its answer may be what was lost).
   */
  sendFailing: boolean;
}

const INITIAL: CounterState = { total: null, pending: 0, mode: "connecting", sendFailing: false, ...NO_DOUBT };
const KEYS = Object.keys(INITIAL) as (keyof CounterState)[];
let state: CounterState = INITIAL;
const listeners = new Set<() => void>();

/** The state now (`counterState()`), and the one the pre-rendered page shows. */
export const counterState = (): CounterState => state;
export const getCounter = counterState;
export const getServerCounter = (): CounterState => INITIAL;

export function update(next: Partial<CounterState>): void {
  const merged = { ...state, ...next };
  if (KEYS.every((key) => merged[key] === state[key])) return;
  state = merged;
  for (const listener of listeners) listener();
}

/** Calls `listener` on every change until the returned function is called. */
export function listen(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
