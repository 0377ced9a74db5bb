import { describe, expect, it } from "vitest";
import { seededRandom } from "../../kit/lib/random";
import { INITIAL_COUNT, MAX_TRIES, MORE_COUNT, makeGreeting, moreGreetings, THRESHOLD_PX } from "./logic";
import { HELLOS } from "./words";

describe("endless hi", () => {
  it("uses the spec's numbers", () => {
    expect([INITIAL_COUNT, MORE_COUNT, THRESHOLD_PX, MAX_TRIES]).toEqual([15, 10, 200, 1000]);
  });

  it("makes greetings within the spec's ranges, in many languages", () => {
    const greetings = moreGreetings([], 500, seededRandom(1));
    for (const g of greetings) {
      expect(g.size).toBeGreaterThanOrEqual(4);
      expect(g.size).toBeLessThanOrEqual(12);
      expect(g.rotation).toBeGreaterThanOrEqual(-30);
      expect(g.rotation).toBeLessThanOrEqual(30);
      expect(g.x).toBeGreaterThanOrEqual(-25);
      expect(g.x).toBeLessThanOrEqual(25);
    }
    expect(new Set(HELLOS.map((h) => h.lang)).size).toBeGreaterThan(30);
    expect(new Set(greetings.map((g) => g.id)).size).toBe(500);
  });

  it("never repeats a greeting's look while an unused one can be found", () => {
    const greetings = moreGreetings([], 300, seededRandom(2));
    const keys = greetings.map((g) => `${g.text}|${g.font}|${g.color}`);
    expect(new Set(keys).size).toBe(300);
  });

  it("gives up after 1000 tries and returns a greeting anyway", () => {
    let calls = 0;
    const constant = () => {
      calls++;
      return 0;
    };
    const first = makeGreeting(0, new Set(), constant);
    calls = 0;
    const again = makeGreeting(1, new Set([`${first.text}|${first.font}|${first.color}`]), constant);
    expect(again.text).toBe(first.text);
    expect(calls).toBe(MAX_TRIES * 6); // six random draws per try
  });

  it("continues ids after the existing greetings", () => {
    const start = moreGreetings([], INITIAL_COUNT, seededRandom(3));
    const more = moreGreetings(start, MORE_COUNT, seededRandom(4));
    expect(more).toHaveLength(25);
    expect(more.slice(0, 15)).toEqual(start);
    expect(more.at(-1)?.id).toBe(24);
  });
});
