import { beforeEach, describe, expect, it } from "vitest";
import { DEVICE_ID_KEY, DEVICE_ID_PATTERN, deviceId, resetDeviceIdForTests } from "./device-id";
import { installMapStorage, type MapStorage } from "./map-storage";

let storage: MapStorage;
beforeEach(() => {
  storage = installMapStorage();
  resetDeviceIdForTests();
});

describe("the device id", () => {
  it("is made once, kept under its own key, and the same on every call (and for every tab)", () => {
    const id = deviceId();
    expect(id).toMatch(DEVICE_ID_PATTERN);
    expect(storage.data.get(DEVICE_ID_KEY)).toBe(id);
    expect(deviceId()).toBe(id);
    resetDeviceIdForTests();
    expect(deviceId()).toBe(id);
  });

  it("takes another tab's id when that one landed in storage", () => {
    const mine = deviceId();
    storage.data.set(DEVICE_ID_KEY, "another-tab-device-id-0001");
    expect(deviceId()).toBe("another-tab-device-id-0001");
    expect(deviceId()).not.toBe(mine);
  });

  it.each([
    ["empty", ""],
    ["too short", "abc"],
    ["too long", "x".repeat(65)],
    ["not an id", "<script>alert(1)</script>"],
    ["JSON", '{"id":"0123456789abcdef"}'],
  ])("replaces what storage holds when it is not an id (%s)", (_, garbage) => {
    storage.data.set(DEVICE_ID_KEY, garbage);
    const id = deviceId();
    expect(id).toMatch(DEVICE_ID_PATTERN);
    expect(storage.data.get(DEVICE_ID_KEY)).toBe(id);
  });

  it("lives in memory, the same for the page's life, where storage cannot be written or read", () => {
    storage.failWrites = true;
    const id = deviceId();
    expect(id).toMatch(DEVICE_ID_PATTERN);
    expect(deviceId()).toBe(id);
    storage.failReads = true;
    expect(deviceId()).toBe(id);
    Object.defineProperty(globalThis, "localStorage", {
      get() {
        throw new Error("SecurityError");
      },
      configurable: true,
    });
    expect(deviceId()).toBe(id);
  });

  it("keeps the page's id when storage forgets it (cleared in another tab)", () => {
    const id = deviceId();
    storage.data.clear();
    expect(deviceId()).toBe(id);
    expect(storage.data.get(DEVICE_ID_KEY)).toBe(id);
  });
});
