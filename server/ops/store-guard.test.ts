import { expect, it, vi } from "vitest";
import { createLogger } from "./log.ts";
import { createStoreGuard, StoreUnavailable } from "./store-guard.ts";

const guard = () => createStoreGuard({ name: "test", deadlineMs: 50, log: createLogger("error", () => {}) });

it("tells its onBack handlers each time the store answers again after it did not, and only then", async () => {
  const store = guard();
  const back = vi.fn();
  store.onBack(back);
  await store.run(() => "first answer");
  expect(back).not.toHaveBeenCalled();
  await expect(store.run(() => Promise.reject(new Error("gone")))).rejects.toBeInstanceOf(StoreUnavailable);
  await expect(store.run(() => new Promise(() => {}))).rejects.toBeInstanceOf(StoreUnavailable);
  expect(back).not.toHaveBeenCalled();
  await store.run(() => "back");
  await store.run(() => "still there");
  expect(back).toHaveBeenCalledTimes(1);
  store.mark(false, "gone again");
  store.mark(true);
  expect(back).toHaveBeenCalledTimes(2);
});
