import { createLogger } from "../ops/log.ts";
import { createStoreGuard } from "../ops/store-guard.ts";

/**
 * `store` whose `method` applies its first call and then loses the answer, as a write whose reply
 * missed its deadline (a replica slow to confirm, a server stopping): the write is in the store, and
 * no news of it goes out. Every later call answers.
 */
export function firstAnswerLost<S extends object>(store: S, method: keyof S & string): S {
  const real = store[method] as (...args: unknown[]) => Promise<unknown>;
  let lose = true;
  return {
    ...store,
    [method]: async (...args: unknown[]) => {
      const result = await real.apply(store, args);
      if (lose) {
        lose = false;
        throw new Error("no answer within the deadline");
      }
      return result;
    },
  };
}

/** A store guard of one process's own: another process's trouble with the store is not its own. */
export const processGuard = () =>
  createStoreGuard({ name: "test", deadlineMs: 1500, log: createLogger("error", () => {}) });
