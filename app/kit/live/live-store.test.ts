import { expect, it, vi } from "vitest";
import { nextTask } from "../lib/next-task";
import { createLiveStore } from "./live-store";

/** After the task a start posted (both post to themselves, in order). */
const afterStart = () => new Promise<void>((resolve) => nextTask(resolve));

it("starts the toy in the task after the first subscriber's, once, and stops it when the last one goes", async () => {
  const start = vi.fn();
  const stop = vi.fn();
  const store = createLiveStore({ n: 0 }, { start, stop });
  const leaveA = store.subscribe(() => {});
  const leaveB = store.subscribe(() => {});
  // Not inside the subscribing task (a page's hydration effects): in one of its own.
  expect(start).not.toHaveBeenCalled();
  await afterStart();
  expect(start).toHaveBeenCalledTimes(1);
  leaveA();
  expect(stop).not.toHaveBeenCalled();
  leaveB();
  expect(stop).toHaveBeenCalledTimes(1);
});

it("neither starts nor stops a toy whose only subscriber left before its start, and starts it again for the next", async () => {
  const start = vi.fn();
  const stop = vi.fn();
  const store = createLiveStore({ n: 0 }, { start, stop });
  store.subscribe(() => {})();
  await afterStart();
  expect(start).not.toHaveBeenCalled();
  expect(stop).not.toHaveBeenCalled();
  // React's development mode subscribes, leaves and subscribes again at once: one start.
  store.subscribe(() => {})();
  const leave = store.subscribe(() => {});
  await afterStart();
  expect(start).toHaveBeenCalledTimes(1);
  leave();
  expect(stop).toHaveBeenCalledTimes(1);
});

it("tells every subscriber of each update, with a new state object", async () => {
  const store = createLiveStore({ n: 0, m: 1 }, { start() {}, stop() {} });
  const heard = vi.fn();
  const leave = store.subscribe(heard);
  const before = store.get();
  store.update({ n: 2 });
  expect(heard).toHaveBeenCalledTimes(1);
  expect(store.get()).toEqual({ n: 2, m: 1 });
  expect(store.get()).not.toBe(before);
  expect(store.initial()).toEqual({ n: 0, m: 1 });
  leave();
});

it("takes a field nothing shows now without telling anyone, and the next update brings it along", () => {
  const store = createLiveStore({ seenAt: 1, connection: "live" }, { start() {}, stop() {} });
  const heard = vi.fn();
  const leave = store.subscribe(heard);
  store.reset({ ...store.get(), seenAt: 2 });
  expect(heard).not.toHaveBeenCalled();
  expect(store.get()).toEqual({ seenAt: 2, connection: "live" });
  store.update({ connection: "offline" });
  expect(heard).toHaveBeenCalledTimes(1);
  expect(store.get()).toEqual({ seenAt: 2, connection: "offline" });
  leave();
});
