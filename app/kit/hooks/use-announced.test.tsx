import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { useAnnounced } from "./use-announced";
import { fakeVisibility } from "./visibility-test-kit";

declare global {
  // React's act() warns unless the environment says it is a test.
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/**
 * A live region that says `text` as useAnnounced lets it: what it said, and when (whole seconds
 * from the start; time moves a tenth of a second at a time).
 */
function mount() {
  const said: [number, string][] = [];
  const start = Date.now();
  function Region({ text }: { text: string }) {
    const announced = useAnnounced(text, 5000);
    if (said.at(-1)?.[1] !== announced && announced) said.push([Math.floor((Date.now() - start) / 1000), announced]);
    return <p aria-live="polite">{announced}</p>;
  }
  const container = document.createElement("div");
  const root = createRoot(container);
  const show = (text: string) => act(() => root.render(<Region text={text} />));
  const wait = async (ms: number) => {
    for (let k = 0; k < ms / 100; k++) await act(() => vi.advanceTimersByTime(100));
  };
  return { said, show, wait, unmount: () => act(() => root.unmount()) };
}

it("speaks at most every five seconds while the total changes, the latest each time: a busy page is not silenced", async () => {
  const { said, show, wait, unmount } = mount();
  await show("");
  // The total changes every second for twenty seconds.
  for (let second = 1; second <= 20; second++) {
    await show(`${second} of 100 bubbles popped.`);
    await wait(1000);
  }
  expect(said.map(([at]) => at)).toEqual([0, 5, 10, 15, 20]);
  expect(said.at(-1)?.[1]).toBe("20 of 100 bubbles popped.");
  await unmount();
});

it("says the latest once the pause is over, and nothing while nothing changes", async () => {
  const { said, show, wait, unmount } = mount();
  await show("1 of 100 bubbles popped.");
  await wait(100);
  await show("2 of 100 bubbles popped.");
  await show("3 of 100 bubbles popped.");
  await wait(60_000);
  expect(said).toEqual([
    [0, "1 of 100 bubbles popped."],
    [5, "3 of 100 bubbles popped."],
  ]);
  await unmount();
  // Nothing is left to fire once the region has gone.
  expect(vi.getTimerCount()).toBe(0);
});

it("while the tab is hidden, says nothing and keeps no timer; shown again, says the latest at once", async () => {
  const visibility = fakeVisibility();
  const { said, show, wait, unmount } = mount();
  await show("1 of 100 bubbles popped.");
  await wait(100);
  visibility.switchTo("hidden");
  await show("2 of 100 bubbles popped.");
  await show("3 of 100 bubbles popped.");
  expect(vi.getTimerCount()).toBe(0);
  await wait(30_000);
  expect(said).toEqual([[0, "1 of 100 bubbles popped."]]);
  visibility.switchTo("visible");
  await wait(100);
  expect(said).toEqual([
    [0, "1 of 100 bubbles popped."],
    [30, "3 of 100 bubbles popped."],
  ]);
  await unmount();
});
