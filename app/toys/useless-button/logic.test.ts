import { describe, expect, it } from "vitest";
import { seededRandom } from "../../kit/lib/random";
import { NO_DOUBT } from "./doubt";
import {
  CONFETTI_COUNT,
  clickToneFrequency,
  counterDisplay,
  fillCount,
  isAddicted,
  isMilestone,
  makeConfetti,
  milestoneBetween,
  milestoneDescription,
  nextGradient,
} from "./logic";
import { CONFETTI_COLORS, GRADIENTS, MESSAGES } from "./words";

describe("useless button rules", () => {
  it("has 25 distinct messages and 8 distinct gradients", () => {
    expect(MESSAGES).toHaveLength(25);
    expect(new Set(MESSAGES).size).toBe(25);
    expect(GRADIENTS).toHaveLength(8);
    expect(new Set(GRADIENTS).size).toBe(8);
  });

  it("puts the click count into the placeholder", () => {
    expect(fillCount("You've clicked {count} times. For what?", 17)).toBe("You've clicked 17 times. For what?");
    expect(fillCount("No placeholder here", 3)).toBe("No placeholder here");
  });

  it("some messages use the count placeholder", () => {
    expect(MESSAGES.filter((m) => m.includes("{count}")).length).toBeGreaterThan(0);
  });

  it("makes every 10th personal click a milestone", () => {
    expect([0, 1, 9, 11, 19, 25].map(isMilestone)).toEqual([false, false, false, false, false, false]);
    expect([10, 20, 30, 100].map(isMilestone)).toEqual([true, true, true, true]);
    expect(milestoneDescription(20)).toContain("20 clicks");
  });

  it("calls the visitor addicted over 50 clicks, not at 50", () => {
    expect(isAddicted(50)).toBe(false);
    expect(isAddicted(51)).toBe(true);
  });

  it("cycles through all gradients", () => {
    const seen = new Set<number>();
    let i = 0;
    for (let n = 0; n < 8; n++) {
      i = nextGradient(i, 8);
      seen.add(i);
    }
    expect(seen.size).toBe(8);
    expect(nextGradient(7, 8)).toBe(0);
  });

  it("makes 12 confetti pieces in the site palette, flying outward", () => {
    const pieces = makeConfetti(CONFETTI_COLORS, seededRandom(5));
    expect(pieces).toHaveLength(CONFETTI_COUNT);
    expect(CONFETTI_COUNT).toBe(12);
    for (const p of pieces) {
      expect(CONFETTI_COLORS).toContain(p.color);
      expect(Math.hypot(p.dx, p.dy)).toBeGreaterThan(100);
    }
  });

  it("picks click tones in an audible range", () => {
    const random = seededRandom(2);
    for (let i = 0; i < 100; i++) {
      const f = clickToneFrequency(random);
      expect(f).toBeGreaterThanOrEqual(220);
      expect(f).toBeLessThanOrEqual(880);
    }
  });
});

describe("counterDisplay", () => {
  it("shows everyone's total plus this device's unconfirmed clicks when the server answers", () => {
    expect(
      counterDisplay({ total: 1200, pending: 3, mode: "live", sendFailing: false, ...NO_DOUBT }, 40),
    ).toMatchObject({
      label: "Global clicks",
      value: 1203,
      waiting: 0,
    });
  });

  it("shows a dash until the server's first answer", () => {
    expect(
      counterDisplay({ total: null, pending: 0, mode: "connecting", sendFailing: false, ...NO_DOUBT }, 40).value,
    ).toBeNull();
  });

  it("offline, keeps the last total and says how many clicks wait", () => {
    expect(
      counterDisplay({ total: 1200, pending: 5, mode: "offline", sendFailing: false, ...NO_DOUBT }, 40),
    ).toMatchObject({
      label: "Global clicks",
      value: 1205,
      waiting: 5,
    });
  });

  it("online, still says how many clicks wait while their last send got no answer", () => {
    // The server's total keeps coming (the live channel): the send's answer is what was lost.
    expect(counterDisplay({ total: 1200, pending: 3, mode: "live", sendFailing: true, ...NO_DOUBT }, 40)).toMatchObject(
      {
        label: "Global clicks",
        value: 1203,
        waiting: 3,
      },
    );
    expect(counterDisplay({ total: 1200, pending: 0, mode: "live", sendFailing: true, ...NO_DOUBT }, 40).waiting).toBe(
      0,
    );
  });

  it("does not add clicks a send carried to a total heard since, when the send's answer was lost (issue 57)", () => {
    // 106 heard; 3 clicks sent, counted by a server that stopped before it answered; 109 heard since.
    const counter = { total: 109, pending: 3, mode: "live" as const, sendFailing: true };
    const doubt = { doubt: 3, doubtFloorless: 0, doubtFloor: 106 };
    expect(counterDisplay({ ...counter, ...doubt }, 40)).toMatchObject({ value: 109, waiting: 3 });
    // The send never reached it: the total is still 106, and the clicks are still shown on top.
    expect(counterDisplay({ ...counter, ...doubt, total: 106 }, 40)).toMatchObject({ value: 109, waiting: 3 });
  });

  it("without a counter service, or offline before any total, says it counts this device", () => {
    for (const counter of [
      { total: null, pending: 2, mode: "local" as const, sendFailing: false, ...NO_DOUBT },
      { total: 900, pending: 2, mode: "local" as const, sendFailing: false, ...NO_DOUBT },
      { total: null, pending: 2, mode: "offline" as const, sendFailing: false, ...NO_DOUBT },
    ]) {
      expect(counterDisplay(counter, 40)).toMatchObject({ label: "Clicks on this device", value: 40, waiting: 0 });
    }
  });
});

describe("milestones among several presses at once (the presses answered before React)", () => {
  it("names the last milestone the clicks after `before` up to `after` reached, or none", () => {
    expect(milestoneBetween(8, 10)).toBe(10);
    expect(milestoneBetween(9, 23)).toBe(20);
    expect(milestoneBetween(10, 13)).toBeNull();
    expect(milestoneBetween(0, 3)).toBeNull();
    for (let n = 1; n <= 40; n++) expect(milestoneBetween(n - 1, n) === n).toBe(isMilestone(n));
  });
});
