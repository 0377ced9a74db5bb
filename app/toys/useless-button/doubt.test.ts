import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Ledger } from "./click-ledger";
import { doubtOf, NO_DOUBT, noteUnanswered, shownTotal, type Unanswered } from "./doubt";

const DEVICE = "d".repeat(22);
const OTHER = "e".repeat(22);
const ledger = (device: string, made: number, acked: number, beaconedTo?: number): Ledger => ({
  device,
  made,
  acked,
  ...(beaconedTo === undefined ? {} : { beaconed: { to: beaconedTo, at: 0 } }),
});

describe("clicks in doubt: sent, and no answer says whether they were counted", () => {
  it("the rolling restart's case: a send counted, its answer lost, the new total heard shows the clicks once", () => {
    // 106 heard, 3 clicks sent; the server counted them (109) and stopped before answering.
    const unanswered = new Map<string, Unanswered>();
    noteUnanswered(unanswered, { device: DEVICE, from: 0, to: 3 }, 106);
    const doubt = doubtOf([ledger(DEVICE, 3, 0)], unanswered);
    expect(doubt).toEqual({ doubt: 3, doubtFloorless: 0, doubtFloor: 106 });
    expect(shownTotal(109, 3, doubt)).toBe(109);
    // Not counted: the total still 106, and the page still shows its clicks on top.
    expect(shownTotal(106, 3, doubt)).toBe(109);
    // With no doubt, the total and the clicks waiting, as always.
    expect(shownTotal(106, 3, NO_DOUBT)).toBe(109);
  });

  it("keeps the first send's floor and the longest range across sends that all got no answer", () => {
    const unanswered = new Map<string, Unanswered>();
    noteUnanswered(unanswered, { device: DEVICE, from: 0, to: 3 }, 106);
    noteUnanswered(unanswered, { device: DEVICE, from: 0, to: 5 }, 110);
    expect(unanswered.get(DEVICE)).toEqual({ clicks: 5, floor: 106 });
    // Sent before any total was heard: no floor, now or later.
    noteUnanswered(unanswered, { device: OTHER, from: 2, to: 4 }, null);
    noteUnanswered(unanswered, { device: OTHER, from: 2, to: 4 }, 120);
    expect(unanswered.get(OTHER)).toEqual({ clicks: 2, floor: null });
  });

  it("a beacon of a page gone, adopted, is in doubt with no floor; clicks since are not in doubt", () => {
    const doubt = doubtOf([ledger(DEVICE, 7, 2, 5), ledger(OTHER, 4, 4)], new Map());
    expect(doubt).toEqual({ doubt: 3, doubtFloorless: 3, doubtFloor: null });
    // 5 waiting, 3 of them maybe counted already: 100 + 5 - 3.
    expect(shownTotal(100, 5, doubt)).toBe(102);
  });

  it("never shows more than the total will be once every click waiting is counted, nor less than before the doubt", () => {
    fc.assert(
      fc.property(
        fc.record({
          floor: fc.integer({ min: 0, max: 1e6 }),
          sent: fc.integer({ min: 1, max: 50 }),
          countedOfSent: fc.nat(50),
          madeSince: fc.nat(20),
          beaconed: fc.nat(20),
          countedOfBeaconed: fc.nat(20),
          beaconCountedBeforeFloor: fc.boolean(),
          othersBefore: fc.nat(1000),
          othersAfter: fc.nat(1000),
          heardLate: fc.boolean(),
        }),
        (c) => {
          const counted = Math.min(c.countedOfSent, c.sent);
          const beaconCounted = Math.min(c.countedOfBeaconed, c.beaconed);
          // The server's total before this page's send left: what the page had heard (the floor)
          // plus what others clicked since, plus the adopted beacon's clicks if they came first.
          const serverBefore = c.floor + c.othersBefore + (c.beaconCountedBeforeFloor ? beaconCounted : 0);
          const serverNow = serverBefore + counted + c.othersAfter + (c.beaconCountedBeforeFloor ? 0 : beaconCounted);
          // The page may have heard the newest total, or one from before the send.
          const heard = c.heardLate ? serverNow : c.floor;
          const mine: Ledger = { device: DEVICE, made: c.sent + c.madeSince, acked: 0 };
          const adopted: Ledger = { device: OTHER, made: c.beaconed, acked: 0 };
          const beacon = c.beaconed > 0 ? { ...adopted, beaconed: { to: c.beaconed, at: 0 } } : adopted;
          const unanswered = new Map<string, Unanswered>();
          noteUnanswered(unanswered, { device: DEVICE, from: 0, to: c.sent }, c.floor);
          const pending = c.sent + c.madeSince + c.beaconed;
          const shown = shownTotal(heard, pending, doubtOf([mine, beacon], unanswered));
          // Once every click waiting is sent, each counted once: the truth the badge aims at.
          const truth = serverNow + (c.sent - counted) + c.madeSince + (c.beaconed - beaconCounted);
          expect(shown).toBeLessThanOrEqual(truth);
          // What the page showed before the send left, and what it heard, plus its own clicks since.
          expect(shown).toBeGreaterThanOrEqual(heard + c.madeSince);
          expect(shown).toBeGreaterThanOrEqual(c.floor + c.sent + c.madeSince);
          // The server answered for every click in doubt: the badge is exact.
          if (c.heardLate && counted === c.sent && beaconCounted === c.beaconed) expect(shown).toBe(truth);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
