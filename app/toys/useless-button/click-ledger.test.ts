import { describe, expect, it } from "vitest";
import { DEVICE_ID, MAX_CLICKS_PER_SEND } from "../../../contracts/clicks";
import {
  addClick,
  confirm,
  newDeviceId,
  newLedger,
  nextSend,
  parseLedger,
  unsentLegacyClicks,
  waiting,
} from "./click-ledger";

const DEVICE = "0b7e5a8c-2f51-4c39-9d3e-5d1f2a6b7c80";

describe("the click ledger", () => {
  it("counts clicks made, and sends the range the server has not confirmed", () => {
    let ledger = newLedger(DEVICE);
    expect(nextSend(ledger)).toBeNull();
    for (let i = 0; i < 3; i++) ledger = addClick(ledger);
    expect(waiting(ledger)).toBe(3);
    expect(nextSend(ledger)).toEqual({ device: DEVICE, from: 0, to: 3 });
  });

  it("keeps sending the same range, grown by the clicks since, until it is confirmed", () => {
    let ledger = addClick(addClick(newLedger(DEVICE)));
    const first = nextSend(ledger);
    ledger = addClick(ledger);
    expect(nextSend(ledger)).toEqual({ ...first, to: 3 });
    ledger = confirm(ledger, 2);
    expect(nextSend(ledger)).toEqual({ device: DEVICE, from: 2, to: 3 });
    ledger = confirm(ledger, 3);
    expect(waiting(ledger)).toBe(0);
    expect(nextSend(ledger)).toBeNull();
  });

  it("sends at most what the server counts at once", () => {
    let ledger = newLedger(DEVICE);
    for (let i = 0; i < 120; i++) ledger = addClick(ledger);
    expect(nextSend(ledger)).toEqual({ device: DEVICE, from: 0, to: MAX_CLICKS_PER_SEND });
    expect(nextSend(confirm(ledger, 100))).toEqual({ device: DEVICE, from: 100, to: 120 });
  });

  it("only moves confirmations forward, and ignores nonsense", () => {
    const ledger = confirm({ device: DEVICE, made: 10, acked: 0 }, 6);
    expect(confirm(ledger, 4)).toEqual(ledger);
    expect(confirm(ledger, "9")).toEqual(ledger);
    expect(confirm(ledger, -1)).toEqual(ledger);
    expect(confirm(ledger, 1.5)).toEqual(ledger);
    // The server knows of more than this copy of storage: nothing waits.
    expect(confirm(ledger, 15)).toEqual({ device: DEVICE, made: 15, acked: 15 });
  });

  it("reads back only what it could have written", () => {
    const good = { device: DEVICE, made: 5, acked: 2 };
    expect(parseLedger(JSON.stringify(good))).toEqual(good);
    for (const bad of [
      null,
      "",
      "{",
      "[]",
      "42",
      JSON.stringify({ device: "short", made: 1, acked: 0 }),
      JSON.stringify({ device: DEVICE, made: -1, acked: 0 }),
      JSON.stringify({ device: DEVICE, made: 1.5, acked: 0 }),
      JSON.stringify({ device: DEVICE, made: "1", acked: 0 }),
      JSON.stringify({ device: DEVICE, made: 1 }),
    ]) {
      expect(parseLedger(bad)).toBeNull();
    }
    // Confirmed past made (a copy restored from elsewhere): nothing waits.
    expect(parseLedger(JSON.stringify({ device: DEVICE, made: 1, acked: 4 }))).toEqual({
      device: DEVICE,
      made: 4,
      acked: 4,
    });
  });

  it("carries over the clicks the first version's queue never sent", () => {
    const queue = [
      { id: "a1234567", clicks: 4, sent: true },
      { id: "b1234567", clicks: 3, sent: false },
      { id: "c1234567", clicks: 2, sent: false },
      { id: "d1234567", clicks: 9999, sent: false },
    ];
    expect(unsentLegacyClicks(JSON.stringify(queue))).toBe(5);
    expect(unsentLegacyClicks("not json")).toBe(0);
    expect(unsentLegacyClicks(null)).toBe(0);
  });

  it("makes device ids the server accepts", () => {
    expect(newDeviceId()).toMatch(DEVICE_ID);
  });
});
