// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from "vitest";

/** A fresh copy of the module for each test: it keeps the page's ledgers in memory. */
const load = async () => {
  vi.resetModules();
  return import("./stored-ledger");
};
const stored = () =>
  Object.fromEntries(
    Object.keys(localStorage)
      .filter((key) => key.startsWith("globalClickLedger"))
      .map((key) => [key, JSON.parse(localStorage.getItem(key) as string) as { made: number; acked: number }]),
  );
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => localStorage.clear());

describe("the ledgers of a browser (jsdom has no Web Locks: the fallback by age)", () => {
  it("keeps this page's clicks in a ledger of its own", async () => {
    const ledgers = await load();
    ledgers.startOwnLedger();
    await flush();
    ledgers.clickHere();
    const ledger = ledgers.clickHere();
    expect(ledger.made).toBe(2);
    expect(stored()).toEqual({
      [`globalClickLedger:${ledger.device}`]: expect.objectContaining({ made: 2, acked: 0 }),
    });
    expect(ledgers.waitingEverywhere()).toBe(2);
  });

  it("notes a beacon in the ledger the page writes, and the page that adopts it finds the note", async () => {
    const ledgers = await load();
    ledgers.startOwnLedger();
    await flush();
    ledgers.clickHere();
    const { device } = ledgers.clickHere();
    const key = `globalClickLedger:${device}`;
    ledgers.beaconedHere({ device, from: 0, to: 2 }, 1_800_000_000_000);
    expect(stored()[key]).toEqual(
      expect.objectContaining({ made: 2, acked: 0, beaconed: { to: 2, at: 1_800_000_000_000 } }),
    );
    // The page is gone; the next one adopts its ledger (abandoned: this jsdom has no Web Locks).
    const text = JSON.parse(localStorage.getItem(key) as string);
    localStorage.setItem(key, JSON.stringify({ ...text, at: Date.now() - 11 * 60_000 }));
    const next = await load();
    await next.adoptOrphans();
    expect(next.ownedLedgers()).toEqual([{ device, made: 2, acked: 0, beaconed: { to: 2, at: 1_800_000_000_000 } }]);
    expect(next.ownedLedger(device)?.beaconed?.to).toBe(2);
  });

  it("adopts another page's ledger only once it is abandoned, and removes it once confirmed", async () => {
    const device = "0b7e5a8c-2f51-4c39-9d3e-5d1f2a6b7c80";
    const key = `globalClickLedger:${device}`;
    localStorage.setItem(key, JSON.stringify({ device, made: 5, acked: 2, at: Date.now() }));
    const ledgers = await load();
    await ledgers.adoptOrphans();
    expect(ledgers.ownedLedgers()).toEqual([]);
    expect(ledgers.waitingEverywhere()).toBe(3);
    localStorage.setItem(key, JSON.stringify({ device, made: 5, acked: 2, at: Date.now() - 11 * 60_000 }));
    await ledgers.adoptOrphans();
    expect(ledgers.ownedLedgers()).toEqual([{ device, made: 5, acked: 2 }]);
    ledgers.confirmHere(device, (ledger) => ({ ...ledger, acked: 5 }));
    expect(localStorage.getItem(key)).toBeNull();
    expect(ledgers.ownedLedgers()).toEqual([]);
  });

  it("carries over the clicks the first version never sent, and what the second version kept", async () => {
    localStorage.setItem("globalClickQueue", JSON.stringify([{ id: "b1234567", clicks: 3, sent: false }]));
    const device = "1b7e5a8c-2f51-4c39-9d3e-5d1f2a6b7c80";
    localStorage.setItem("globalClickLedger", JSON.stringify({ device, made: 4, acked: 1 }));
    const ledgers = await load();
    await ledgers.adoptOrphans();
    expect(localStorage.getItem("globalClickQueue")).toBeNull();
    expect(
      ledgers
        .ownedLedgers()
        .map((l) => l.made - l.acked)
        .sort(),
    ).toEqual([3, 3]);
  });

  it("forgets stored garbage", async () => {
    localStorage.setItem("globalClickLedger:nonsense", "{not json");
    const ledgers = await load();
    await ledgers.adoptOrphans();
    expect(localStorage.getItem("globalClickLedger:nonsense")).toBeNull();
  });
});
