import { act } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { expect, it } from "vitest";
import { addTimeWasted, TIME_WASTED_KEY } from "../lib/time-wasted";
import { TimeWastedNote } from "./time-wasted-note";

declare global {
  // React's act() warns unless the environment says it is a test.
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

it("hydrates the pre-rendered note without a mismatch, then says what is stored, and follows what is added", async () => {
  const container = document.createElement("div");
  container.innerHTML = renderToString(<TimeWastedNote />);
  expect(container.textContent).toBe("");
  localStorage.setItem(TIME_WASTED_KEY, String(72 * 60_000));
  const errors: unknown[] = [];
  const root = await act(() =>
    hydrateRoot(container, <TimeWastedNote />, { onRecoverableError: (e) => errors.push(e) }),
  );
  expect(errors).toEqual([]);
  expect(container.textContent).toBe("You have wasted 1 h 12 min here. Well done.");
  await act(() => void addTimeWasted(60_000));
  expect(container.textContent).toBe("You have wasted 1 h 13 min here. Well done.");
  await act(() => root.unmount());
  localStorage.clear();
});
