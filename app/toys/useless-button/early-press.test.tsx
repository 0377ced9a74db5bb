import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { adoptEarlyPresses, EARLY_PRESS_SCRIPT, earlyPresses } from "./early-press";

/**
 * The inline script that answers the Useless Button before React (early-press.ts), run in the
 * page's global scope, with a stand-in for the bootstrap's capture listener registered after it.
 */
let held: Event[] = [];
const hold = (event: Event) => {
  held.push(event);
  event.stopImmediatePropagation();
};
let listeners: ((event: Event) => void)[] = [];

beforeEach(() => {
  localStorage.clear();
  held = [];
  delete window.__pointlessEarly;
  document.body.innerHTML =
    '<main><button type="button" data-early-press>Click me.</button><p>Your clicks: <strong data-early-count>–</strong></p><button type="button" id="other">Other</button></main>';
  const added = vi.spyOn(window, "addEventListener");
  // The script as the page runs it, in the page's global scope (jsdom's own script elements run in
  // a window of their own).
  new Function(EARLY_PRESS_SCRIPT)();
  listeners = added.mock.calls.map(([, listener]) => listener as (event: Event) => void);
  added.mockRestore();
  addEventListener("click", hold, true);
});
afterEach(() => {
  for (const listener of listeners) removeEventListener("click", listener, true);
  removeEventListener("click", hold, true);
  vi.restoreAllMocks();
});

const button = () => document.querySelector("[data-early-press]") as HTMLButtonElement;
const count = () => document.querySelector("[data-early-count]")?.textContent;

it("counts a press in storage at once, turns the button and shows the count, and the bootstrap never holds it", () => {
  localStorage.setItem("personalUselessClicks", "41");
  localStorage.setItem("uselessClicks", "7");
  button().click();
  button().click();
  expect(count()).toBe("43");
  expect(button().style.transform).toBe("rotate(720deg)");
  expect(localStorage.getItem("personalUselessClicks")).toBe("43");
  expect(localStorage.getItem("uselessClicks")).toBe("9");
  expect(held).toHaveLength(0);
  expect(earlyPresses()).toMatchObject({ presses: 2, personal: 43 });
});

it("reads a stored count as the page's counters do: garbage, negative and unsafe numbers are 0", () => {
  for (const [stored, shown] of [
    ["banana", "1"],
    ["-5", "1"],
    ["1e400", "1"],
    ["9007199254740993", "1"],
    ["12.9", "13"],
  ] as const) {
    localStorage.setItem("personalUselessClicks", stored);
    button().click();
    expect(count()).toBe(shown);
  }
});

it("leaves every other button to the bootstrap", () => {
  (document.getElementById("other") as HTMLButtonElement).click();
  expect(held).toHaveLength(1);
  expect(earlyPresses()?.presses).toBe(0);
});

it("leaves a press to the bootstrap (held, replayed once React is live) when storage cannot be written", () => {
  vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
    throw new DOMException("full", "QuotaExceededError");
  });
  button().click();
  expect(held).toHaveLength(1);
  expect(count()).toBe("–");
  expect(button().style.transform).toBe("");
});

it("hands its presses to React once, removes its listener, and answers nothing after", () => {
  button().click();
  button().click();
  const removed = vi.spyOn(window, "removeEventListener");
  expect(adoptEarlyPresses()).toEqual({ presses: 2, personal: 2 });
  // Its listener is gone, not only quiet: nothing of it outlives the page it was for.
  expect(listeners).toHaveLength(1);
  expect(removed).toHaveBeenCalledWith("click", listeners[0], true);
  expect(adoptEarlyPresses()).toBeNull();
  button().click();
  expect(held).toHaveLength(1);
  expect(localStorage.getItem("personalUselessClicks")).toBe("2");
});

it("has nothing to hand over when nobody pressed, and no `</` to end its own element", () => {
  expect(adoptEarlyPresses()).toBeNull();
  expect(EARLY_PRESS_SCRIPT).not.toContain("</");
});
