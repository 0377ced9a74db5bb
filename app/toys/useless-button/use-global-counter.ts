import { useSyncExternalStore } from "react";
import { subscribeCounter } from "./counter-client";
import { type CounterState, getCounter, getServerCounter } from "./counter-state";

/** The global counter's state; "connecting" with no total in the pre-rendered page. */
export function useGlobalCounter(): CounterState {
  return useSyncExternalStore(subscribeCounter, getCounter, getServerCounter);
}
