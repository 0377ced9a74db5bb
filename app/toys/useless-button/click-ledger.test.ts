import { describe, expect, it } from "vitest";
import { MAX_CLICKS_PER_SEND } from "../../../contracts/clicks";
import {
  addClick,
  awaitsCheck,
  BEACON_CLOCK_MARGIN_MS,
  confirm,
  type Ledger,
  newLedger,
  nextSend,
  noteBeacon,
  parseDeviceRecord,
  parseLedger,
  REMEMBERS_NOTHING,
  settleBeacon,
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

  it("reads back a beacon it noted, and nothing it could not have written", () => {
    const beaconed = { device: DEVICE, made: 5, acked: 2, beaconed: { to: 5, at: 1_700_000_000_000 } };
    expect(parseLedger(JSON.stringify({ ...beaconed, at: 1_700_000_000_500 }))).toEqual(beaconed);
    // A beacon confirmed since needs no check.
    expect(parseLedger(JSON.stringify({ ...beaconed, acked: 5 }))).toEqual({ device: DEVICE, made: 5, acked: 5 });
    for (const bad of [
      null,
      5,
      { to: 6, at: 1 },
      { to: 5 },
      { to: 5, at: -1 },
      { to: "5", at: 1 },
      { to: 5, at: 1.5 },
    ]) {
      expect(parseLedger(JSON.stringify({ ...beaconed, beaconed: bad }))).toBeNull();
    }
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
});

const DAY = 24 * 60 * 60 * 1000;
const MEMORY = 30 * DAY;
const T = 1_800_000_000_000;

describe("clicks sent by beacon as a page went away", () => {
  const made = (clicks: number, acked = 0): Ledger => ({ device: DEVICE, made: clicks, acked });

  it("are noted, with the first beacon's time, and not sent again before the server is asked", () => {
    let ledger = made(5, 1);
    ledger = noteBeacon(ledger, { device: DEVICE, from: 1, to: 5 }, T);
    expect(ledger.beaconed).toEqual({ to: 5, at: T });
    expect(awaitsCheck(ledger)).toBe(true);
    expect(nextSend(ledger)).toBeNull();
    expect(waiting(ledger)).toBe(4);
    // Hidden, shown, clicked, closed: one more beacon, longer; the server may have counted since the first.
    ledger = noteBeacon(addClick(addClick(ledger)), { device: DEVICE, from: 1, to: 7 }, T + 60_000);
    expect(ledger.beaconed).toEqual({ to: 7, at: T });
    // Another device's send, or one already confirmed, notes nothing.
    expect(noteBeacon(ledger, { device: "another-device-0000001", from: 0, to: 9 }, T)).toBe(ledger);
    expect(noteBeacon(made(5, 5), { device: DEVICE, from: 0, to: 5 }, T)).toEqual(made(5, 5));
  });

  it("need no check once an answer confirms them, and still do while it confirms less", () => {
    const ledger = noteBeacon(made(8, 2), { device: DEVICE, from: 2, to: 8 }, T);
    expect(confirm(ledger, 5)).toEqual({ ...made(8, 5), beaconed: { to: 8, at: T } });
    expect(confirm(ledger, 8)).toEqual(made(8, 8));
  });

  it("are settled by what the server has recorded for the device, when it remembers it", () => {
    const ledger = noteBeacon(made(8, 2), { device: DEVICE, from: 2, to: 8 }, T);
    // The beacon arrived: all of it is counted.
    expect(settleBeacon(ledger, { acked: 8, rememberedForMs: MEMORY }, T + 40 * DAY)).toEqual(made(8, 8));
    // It did not (or only what an earlier send brought): the rest is sent, from where the server is.
    const partly = settleBeacon(ledger, { acked: 4, rememberedForMs: MEMORY }, T + 40 * DAY);
    expect(nextSend(partly)).toEqual({ device: DEVICE, from: 4, to: 8 });
    expect(nextSend(settleBeacon(ledger, { acked: 0, rememberedForMs: MEMORY }, T))).toEqual({
      device: DEVICE,
      from: 2,
      to: 8,
    });
  });

  it("are sent again when the server, which would remember the device had the beacon arrived, does not", () => {
    const ledger = noteBeacon(made(8, 2), { device: DEVICE, from: 2, to: 8 }, T);
    const unknown = { acked: null, rememberedForMs: MEMORY };
    for (const age of [0, DAY, MEMORY - BEACON_CLOCK_MARGIN_MS - 1]) {
      const settled = settleBeacon(ledger, unknown, T + age);
      expect(settled).toEqual(made(8, 2));
      expect(nextSend(settled)).toEqual({ device: DEVICE, from: 2, to: 8 });
    }
  });

  it("are taken as counted when the server may have counted them and forgotten the device since", () => {
    const ledger = noteBeacon(addClick(made(8, 2)), { device: DEVICE, from: 2, to: 8 }, T);
    const unknown = { acked: null, rememberedForMs: MEMORY };
    // Older than the server's memory (within the margin the two clocks may differ by, too): the
    // beaconed clicks may be lost, never counted twice. The click made after the beacon still goes.
    for (const now of [T + MEMORY - BEACON_CLOCK_MARGIN_MS, T + 31 * DAY, T - 1]) {
      const settled = settleBeacon(ledger, unknown, now);
      expect(settled).toEqual(made(9, 8));
      expect(nextSend(settled)).toEqual({ device: DEVICE, from: 8, to: 9 });
    }
    // A server whose cap forgot a device an hour ago remembers an hour: a day-old beacon is unsure.
    expect(settleBeacon(ledger, { acked: null, rememberedForMs: 60 * 60_000 }, T + DAY)).toEqual(made(9, 8));
    // A server that will not say is a server that cannot know.
    expect(settleBeacon(ledger, REMEMBERS_NOTHING, T + 1000)).toEqual(made(9, 8));
  });

  it("leave a ledger with no beacon as it is", () => {
    const ledger = made(3, 1);
    expect(settleBeacon(ledger, { acked: null, rememberedForMs: 0 }, T)).toBe(ledger);
  });

  it("are checked against an answer that says what the server has for the device, and nothing else", () => {
    expect(parseDeviceRecord({ total: 9, acked: 4, rememberedForMs: MEMORY })).toEqual({
      acked: 4,
      rememberedForMs: MEMORY,
    });
    expect(parseDeviceRecord({ total: 9, acked: null, rememberedForMs: 0 })).toEqual({
      acked: null,
      rememberedForMs: 0,
    });
    for (const bad of [
      null,
      "yes",
      { total: 9 },
      { acked: 4 },
      { acked: "4", rememberedForMs: MEMORY },
      { acked: -1, rememberedForMs: MEMORY },
      { acked: 4, rememberedForMs: -5 },
      { rememberedForMs: MEMORY },
    ]) {
      expect(parseDeviceRecord(bad)).toBeNull();
    }
  });
});
