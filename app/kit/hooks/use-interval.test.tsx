import { render } from "@testing-library/react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { useInterval } from "./use-interval";
import { fakeVisibility } from "./visibility-test-kit";

let visibility: ReturnType<typeof fakeVisibility>;

beforeEach(() => {
  vi.useFakeTimers();
  visibility = fakeVisibility();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function Ticker({ onTick, ms }: { onTick: () => void; ms: number | null }) {
  useInterval(onTick, ms);
  return null;
}

it("ticks every ms while shown, not at all while the tab is hidden, and catches up at once when shown", () => {
  const onTick = vi.fn();
  const { unmount } = render(<Ticker onTick={onTick} ms={50} />);
  vi.advanceTimersByTime(149);
  expect(onTick).toHaveBeenCalledTimes(2);
  visibility.switchTo("hidden");
  expect(vi.getTimerCount()).toBe(0);
  vi.advanceTimersByTime(10_000);
  expect(onTick).toHaveBeenCalledTimes(2);
  visibility.switchTo("visible");
  expect(onTick).toHaveBeenCalledTimes(3);
  vi.advanceTimersByTime(50);
  expect(onTick).toHaveBeenCalledTimes(4);
  // Shown twice in a row (a second event): still one interval.
  visibility.switchTo("visible");
  expect(vi.getTimerCount()).toBe(1);
  unmount();
  expect(vi.getTimerCount()).toBe(0);
  visibility.switchTo("hidden");
  visibility.switchTo("visible");
  expect(onTick).toHaveBeenCalledTimes(4);
});

it("starts nothing in a tab opened hidden until it is shown, and nothing while paused", () => {
  visibility.openedAs("hidden");
  const onTick = vi.fn();
  const { rerender } = render(<Ticker onTick={onTick} ms={100} />);
  vi.advanceTimersByTime(1000);
  expect(onTick).not.toHaveBeenCalled();
  visibility.switchTo("visible");
  expect(onTick).toHaveBeenCalledTimes(1);
  rerender(<Ticker onTick={onTick} ms={null} />);
  expect(vi.getTimerCount()).toBe(0);
  visibility.switchTo("hidden");
  visibility.switchTo("visible");
  expect(onTick).toHaveBeenCalledTimes(1);
});
