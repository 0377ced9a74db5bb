import { act, useDeferredValue } from "react";
import { createRoot } from "react-dom/client";
import { expect, it, vi } from "vitest";
import { createLiveStore } from "./live-store";
import { useLiveState } from "./use-live-state";

declare global {
  // React's act() warns unless the environment says it is a test.
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

/**
 * A toy's page on a store, noting each render as "state/deferred": an urgent render shows the new
 * state while `useDeferredValue` still holds the old one; a transition's render shows both new at
 * once, which is how a render React could pause for the browser shows itself here.
 */
function mount(store: ReturnType<typeof createLiveStore<{ n: number }>>) {
  const renders: string[] = [];
  function Toy() {
    const { n } = useLiveState(store.subscribe, store.get);
    const deferred = useDeferredValue(n);
    renders.push(`${n}/${deferred}`);
    return <p>{n}</p>;
  }
  const container = document.createElement("div");
  const root = createRoot(container);
  return { renders, container, show: () => act(() => root.render(<Toy />)), unmount: () => act(() => root.unmount()) };
}

it("renders the server's news in a transition and the visitor's own doing at once", async () => {
  const store = createLiveStore({ n: 0 }, { start() {}, stop() {} });
  const { renders, container, show, unmount } = mount(store);
  await show();
  renders.length = 0;
  await act(() => store.update({ n: 1 }));
  expect(container.textContent).toBe("1");
  // No render with the new state and the old deferred one: the update was a transition.
  expect(new Set(renders)).toEqual(new Set(["1/1"]));
  renders.length = 0;
  await act(() => store.update({ n: 2 }, true));
  expect(container.textContent).toBe("2");
  // Urgent: the new state first, the deferred value after.
  expect(renders[0]).toBe("2/1");
  expect(renders.at(-1)).toBe("2/2");
  await unmount();
});

it("starts with the state the store has (a page come back to shows what it knew), and stops the toy when it goes", async () => {
  const stop = vi.fn();
  const store = createLiveStore({ n: 0 }, { start() {}, stop });
  store.update({ n: 7 });
  const { renders, container, show, unmount } = mount(store);
  await show();
  expect(renders[0]).toBe("7/7");
  expect(container.textContent).toBe("7");
  // Its start runs in a task of its own (live-store.ts); then leaving stops it.
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  await unmount();
  expect(stop).toHaveBeenCalledTimes(1);
});
