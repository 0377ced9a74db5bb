// The kit's hooks that stop while the tab is hidden share this in their tests (use-interval,
// use-announced): the tab's visibility as the test sets it. Restore mocks after each test.
import { act } from "react";
import { vi } from "vitest";

export function fakeVisibility() {
  let state: DocumentVisibilityState = "visible";
  vi.spyOn(document, "visibilityState", "get").mockImplementation(() => state);
  return {
    /** The tab was opened in this state: no event. */
    openedAs(next: DocumentVisibilityState) {
      state = next;
    },
    /** A switch of tabs: the state, and its event. */
    switchTo(next: DocumentVisibilityState) {
      state = next;
      act(() => {
        document.dispatchEvent(new Event("visibilitychange"));
      });
    },
  };
}
