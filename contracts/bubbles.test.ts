import { describe, expect, it } from "vitest";
import {
  applyPops,
  countPopped,
  decodeSheet,
  emptySheet,
  encodeSheet,
  isPopped,
  nextSheet,
  setPopped,
} from "./bubbles";

const sheetOf = (size: number, seq = 0) => emptySheet(size, { sheet: 3, seq, finished: 2, epoch: 9 });

describe("the shared sheet", () => {
  it("keeps bits in Redis's order: bubble 0 is the first byte's highest bit", () => {
    const bits = new Uint8Array(2);
    expect(setPopped(bits, 0)).toBe(true);
    expect(setPopped(bits, 0)).toBe(false);
    setPopped(bits, 9);
    expect([...bits]).toEqual([0x80, 0x40]);
    expect(isPopped(bits, 9)).toBe(true);
    expect(isPopped(bits, 8)).toBe(false);
    expect(countPopped(bits)).toBe(2);
  });

  it("travels as one binary message and back, and nothing else reads as one", () => {
    const sheet = sheetOf(10_000, 7);
    setPopped(sheet.bits, 4321);
    const bytes = encodeSheet({ ...sheet, popped: 1 });
    expect(bytes.length).toBe(28 + 1250);
    expect(decodeSheet(bytes)).toEqual({ ...sheet, popped: 1 });
    expect(decodeSheet(bytes.slice(0, 100))).toBeNull();
    expect(decodeSheet(new Uint8Array([9, 9, 9]))).toBeNull();
    expect(decodeSheet(new Uint8Array(28))).toBeNull();
  });

  it("applies numbered pops once, says which were new, and notices a missed message", () => {
    const sheet = sheetOf(100, 4);
    expect(applyPops(sheet, { sheet: 3, seq: 5, i: [1, 2, 2] })).toEqual({ fresh: [1, 2], gap: false, stale: false });
    expect(sheet.popped).toBe(2);
    // The same message again, or one for another sheet: nothing changes.
    expect(applyPops(sheet, { sheet: 3, seq: 5, i: [7] }).stale).toBe(true);
    expect(applyPops(sheet, { sheet: 4, seq: 6, i: [7] }).stale).toBe(true);
    expect(isPopped(sheet.bits, 7)).toBe(false);
    // Message 6 never came: applied, and the page will ask for the whole sheet.
    expect(applyPops(sheet, { sheet: 3, seq: 7, i: [1, 99, 100] })).toEqual({ fresh: [99], gap: true, stale: false });
    expect(sheet.seq).toBe(7);
  });

  it("starts the next sheet empty when one is finished", () => {
    const sheet = sheetOf(16, 4);
    applyPops(sheet, { sheet: 3, seq: 5, i: [1] });
    expect(nextSheet(sheet, { sheet: 3, seq: 6, finished: 3 })).toMatchObject({
      sheet: 4,
      seq: 6,
      popped: 0,
      finished: 3,
      bits: new Uint8Array(2),
    });
  });
});
