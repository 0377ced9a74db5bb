import { act } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, expect, it } from "vitest";
import { markHydrated, useClientValue } from "./use-client-value";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

/** A source outside React: a number, and who listens to it. */
let stored = 7;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const read = () => stored;

const renders: (number | null)[] = [];
function Probe() {
  const value = useClientValue<number | null>(subscribe, read, null);
  renders.push(value);
  return <p>{value === null ? "unknown" : value}</p>;
}

afterEach(() => {
  document.body.innerHTML = "";
  renders.length = 0;
});

it("hydrates with the pre-rendered value, then renders the real one, and follows its changes", async () => {
  const container = document.createElement("div");
  container.innerHTML = renderToString(<Probe />);
  expect(container.textContent).toBe("unknown");
  document.body.append(container);
  renders.length = 0;
  await act(async () => {
    hydrateRoot(container, <Probe />);
  });
  // No mismatch: the hydration render is the pre-rendered one; the value follows.
  expect(renders).toEqual([null, 7]);
  expect(container.textContent).toBe("7");
  stored = 8;
  act(() => {
    for (const listener of listeners) listener();
  });
  expect(container.textContent).toBe("8");
});

it("once the page has hydrated, a page reached later reads the real value in its first render", async () => {
  markHydrated();
  stored = 9;
  const container = document.createElement("div");
  document.body.append(container);
  await act(async () => {
    createRoot(container).render(<Probe />);
  });
  expect(renders[0]).toBe(9);
  expect(container.textContent).toBe("9");
});
