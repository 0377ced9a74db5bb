import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { fakeVisibility } from "../../kit/hooks/visibility-test-kit";
import { EndlessLoading } from "./endless-loading";
import { ALMOST, MESSAGES, NAH, NAH_MS, TICK_MS } from "./logic";

let visibility: ReturnType<typeof fakeVisibility>;

beforeEach(() => {
  vi.useFakeTimers();
  visibility = fakeVisibility();
  vi.spyOn(Math, "random").mockReturnValue(0.1); // below 30%: every tick is a tease
});
// Each render is unmounted after its test by app/test/dom-setup.ts.
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

// One timer's turn at a time: what it sets renders, and starts its own timers, at the end of act().
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const status = () => screen.getByRole("status").textContent;

it("says 'Nah.' for the last 2 s of every tease, two teases in a row included", () => {
  render(<EndlessLoading />);
  expect(status()).toBe(MESSAGES[0]);
  advance(TICK_MS);
  advance(TICK_MS - NAH_MS - 1);
  expect(status()).toBe(ALMOST);
  advance(1);
  expect(status()).toBe(ALMOST + NAH);
  advance(NAH_MS);
  expect(status()).toBe(ALMOST);
  advance(TICK_MS - NAH_MS);
  expect(status()).toBe(ALMOST + NAH);
});

it("keeps no timer while the tab is hidden, even in the middle of a tease, and ticks at once when shown", () => {
  render(<EndlessLoading />);
  advance(TICK_MS);
  expect(status()).toBe(ALMOST);
  visibility.switchTo("hidden");
  expect(vi.getTimerCount()).toBe(0);
  advance(60_000);
  expect(status()).toBe(ALMOST);
  vi.mocked(Math.random).mockReturnValue(0.99); // the next tick: a message
  visibility.switchTo("visible");
  expect(status()).toBe(MESSAGES[MESSAGES.length - 1]);
  expect(vi.getTimerCount()).toBe(1);
});
