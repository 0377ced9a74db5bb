// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/**
 * A tab's unsent work in storage (tab-stash.ts), in a browser without Web Locks (jsdom has none):
 * a key of the tab's own, values of tabs gone quiet for ten minutes taken over, storage untrusted.
 * (With Web Locks, in Chromium: e2e/bubble-wrap-together-away.spec.ts.)
 */
beforeEach(() => {
  vi.useFakeTimers();
  vi.resetModules();
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const PREFIX = "work:";
const ownKeys = () => Object.keys(localStorage).filter((key) => key.startsWith(PREFIX));

describe("a tab's stash", () => {
  it("keeps this tab's value under a key of its own, read back on the tab's next visit to the toy, gone when nothing waits", async () => {
    const { openTabStash } = await import("./tab-stash");
    const stash = openTabStash(PREFIX);
    stash.save({ sheet: 3, i: [1, 2] });
    expect(ownKeys()).toHaveLength(1);
    // Left and visited again in the same tab: the same key.
    expect(openTabStash(PREFIX).own()).toEqual({ sheet: 3, i: [1, 2] });
    stash.save(null);
    expect(ownKeys()).toEqual([]);
  });

  it("takes over what tabs gone quiet left, and the key every tab shared before, once; never a live tab's", async () => {
    localStorage.setItem(`${PREFIX}gone`, JSON.stringify({ at: Date.now() - 11 * 60_000, value: "left" }));
    localStorage.setItem(`${PREFIX}alive`, JSON.stringify({ at: Date.now() - 60_000, value: "alive" }));
    localStorage.setItem(`${PREFIX}junk`, "{not json");
    localStorage.setItem("work", JSON.stringify({ sheet: 1, i: [4] }));
    const { openTabStash } = await import("./tab-stash");
    const stash = openTabStash(PREFIX, { legacyKey: "work" });
    const taken: unknown[][] = [];
    await stash.adoptLeft((values) => taken.push(values));
    expect(taken).toEqual([["left", { sheet: 1, i: [4] }]]);
    expect(Object.keys(localStorage).sort()).toEqual([`${PREFIX}alive`]);
    await stash.adoptLeft((values) => taken.push(values));
    expect(taken).toHaveLength(1);
  });

  it("never throws where storage does", async () => {
    for (const method of ["getItem", "setItem", "removeItem", "key"] as const) {
      vi.spyOn(Storage.prototype, method).mockImplementation(() => {
        throw new Error("SecurityError");
      });
    }
    const { openTabStash } = await import("./tab-stash");
    const stash = openTabStash(PREFIX, { legacyKey: "work" });
    expect(() => stash.save({ sheet: 1, i: [1] })).not.toThrow();
    expect(stash.own()).toBeNull();
    await expect(stash.adoptLeft(() => {})).resolves.toBeUndefined();
  });
});
