import { beforeEach, describe, expect, it } from "vitest";
import { installMapStorage, type MapStorage } from "./map-storage";
import {
  getStoredNumber,
  incrementStoredNumber,
  parseCount,
  resetStoredNumbersForTests,
  subscribeStoredNumber,
} from "./stored-number";

let storage: MapStorage;
beforeEach(() => {
  storage = installMapStorage();
  resetStoredNumbersForTests();
});

describe("parseCount", () => {
  it.each([
    [null, 0],
    ["", 0],
    ["abc", 0],
    ["-5", 0],
    ["Infinity", 0],
    ["NaN", 0],
    ["1e400", 0],
    ["{}", 0],
    ["12", 12],
    ["7.9", 7],
    ["99999999999999999999", 0],
  ])("reads %j as %d", (raw, expected) => {
    expect(parseCount(raw)).toBe(expected);
  });
});

describe("stored numbers", () => {
  it("starts from what is stored and saves every increment", () => {
    storage.data.set("uselessClicks", "41");
    expect(getStoredNumber("uselessClicks")).toBe(41);
    expect(incrementStoredNumber("uselessClicks")).toBe(42);
    expect(storage.data.get("uselessClicks")).toBe("42");
  });

  it("re-reads the stored value before each increment, so another tab's clicks are kept", () => {
    expect(incrementStoredNumber("uselessClicks")).toBe(1);
    storage.data.set("uselessClicks", "10"); // another tab clicked meanwhile
    expect(incrementStoredNumber("uselessClicks")).toBe(11);
  });

  it("treats garbage as 0", () => {
    storage.data.set("toiletFlushes", "lots");
    expect(getStoredNumber("toiletFlushes")).toBe(0);
    expect(incrementStoredNumber("toiletFlushes")).toBe(1);
  });

  it("keeps counting in memory when storage is full", () => {
    storage.data.set("uselessClicks", "5");
    storage.failWrites = true;
    expect(incrementStoredNumber("uselessClicks")).toBe(6);
    expect(incrementStoredNumber("uselessClicks")).toBe(7);
    expect(getStoredNumber("uselessClicks")).toBe(7);
  });

  it("keeps counting in memory when storage throws on every call", () => {
    storage.failReads = true;
    storage.failWrites = true;
    expect(getStoredNumber("uselessClicks")).toBe(0);
    expect(incrementStoredNumber("uselessClicks")).toBe(1);
    expect(incrementStoredNumber("uselessClicks")).toBe(2);
  });

  it("a page that comes back shows what another tab counted while nothing watched the key", () => {
    const unsubscribe = subscribeStoredNumber("uselessClicks", () => {});
    expect(incrementStoredNumber("uselessClicks")).toBe(1);
    unsubscribe(); // the visitor went to another page of the site
    storage.data.set("uselessClicks", "6"); // another tab clicked five times meanwhile
    expect(getStoredNumber("uselessClicks")).toBe(6);
    expect(incrementStoredNumber("uselessClicks")).toBe(7);
  });

  it("catches up when a page starts watching a key again", () => {
    expect(getStoredNumber("toiletFlushes")).toBe(0);
    storage.data.set("toiletFlushes", "3");
    const unsubscribe = subscribeStoredNumber("toiletFlushes", () => {});
    expect(getStoredNumber("toiletFlushes")).toBe(3);
    unsubscribe();
  });

  it("after a failed write, never reads back a smaller stored value", () => {
    storage.data.set("uselessClicks", "5");
    storage.failWrites = true;
    expect(incrementStoredNumber("uselessClicks")).toBe(6);
    expect(getStoredNumber("uselessClicks")).toBe(6);
    storage.failWrites = false;
    expect(incrementStoredNumber("uselessClicks")).toBe(7);
    expect(storage.data.get("uselessClicks")).toBe("7");
  });
});
