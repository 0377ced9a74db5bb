import { useSyncExternalStore } from "react";
import { type CounterState, getCounter, getServerCounter } from "./counter-state";
import { subscribeCounter } from "./global-counter";

/** The global counter's state; "connecting" with no total in the pre-rendered page. */
export function useGlobalCounter(): CounterState {
  return useSyncExternalStore(subscribeCounter, getCounter, getServerCounter);
}
