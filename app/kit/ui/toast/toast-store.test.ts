import { describe, expect, it } from "vitest";
import {
  dismissToast,
  getToast,
  TOAST_DEFAULT_DURATION,
  TOAST_HOTKEY,
  TOAST_SWIPE_THRESHOLD,
  toast,
} from "./toast-store";

describe("the toast store", () => {
  it("uses the spec's defaults", () => {
    expect(TOAST_DEFAULT_DURATION).toBe(5000);
    expect(TOAST_SWIPE_THRESHOLD).toBe(50);
    expect(TOAST_HOTKEY).toEqual(["F8"]);
    toast({ title: "Hello" });
    expect(getToast()).toMatchObject({ title: "Hello", duration: 5000, variant: "default", open: true });
  });

  it("holds at most one toast: a new one replaces the old", () => {
    const first = toast({ title: "One" });
    const second = toast({ title: "Two", variant: "destructive", duration: 2000 });
    expect(second).not.toBe(first);
    expect(getToast()).toMatchObject({ id: second, title: "Two", variant: "destructive", duration: 2000 });
  });

  it("dismisses only the toast it names", () => {
    const old = toast({ title: "Old" });
    const shown = toast({ title: "New" });
    dismissToast(old);
    expect(getToast()?.open).toBe(true);
    dismissToast(shown);
    expect(getToast()?.open).toBe(false);
  });
});
