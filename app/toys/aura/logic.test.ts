import { describe, expect, it } from "vitest";
import { seededRandom } from "../../kit/lib/random";
import { auraFromLink, auraLink, auraShareText, readAura } from "./logic";
import { NO_SIGN_MESSAGE, SIGNS } from "./words";

describe("cringe auras", () => {
  it("has 12 signs with 3 distinct readings each", () => {
    expect(SIGNS).toHaveLength(12);
    expect(new Set(SIGNS.map((s) => s.name)).size).toBe(12);
    for (const sign of SIGNS) expect(new Set(sign.readings).size).toBe(3);
  });

  it("refuses to read without a sign", () => {
    expect(readAura(null, null, Math.random)).toEqual({ ok: false, message: NO_SIGN_MESSAGE });
    expect(readAura("Ophiuchus", null, Math.random).ok).toBe(false);
    expect(NO_SIGN_MESSAGE).toBe("You gotta pick a sign first, my dude. The cosmos can't read your mind... yet.");
  });

  it("reads one of the chosen sign's readings, never the same twice in a row", () => {
    const random = seededRandom(5);
    const seen = new Set<string>();
    let previous: string | null = null;
    for (let i = 0; i < 60; i++) {
      const result = readAura("Leo", previous, random);
      if (!result.ok) throw new Error("expected a reading");
      expect(SIGNS.find((s) => s.name === "Leo")?.readings).toContain(result.reading);
      expect(result.reading).not.toBe(previous);
      previous = result.reading;
      seen.add(result.reading);
    }
    expect(seen.size).toBe(3);
  });
});

describe("a shared aura link", () => {
  it("opens the same reading, for every sign and reading", () => {
    for (const sign of SIGNS) {
      for (const reading of sign.readings) {
        const link = auraLink({ sign, reading });
        expect(auraFromLink(new URL(link, "http://localhost:3000").search)).toEqual({ ok: true, sign, reading });
      }
    }
  });

  it("names nothing when the link is missing or nonsense", () => {
    for (const search of [
      "",
      "?sign=Aries",
      "?sign=Aries&reading=4",
      "?sign=Aries&reading=0",
      "?sign=Nope&reading=1",
      "?sign=Aries&reading=1.5",
    ]) {
      expect(auraFromLink(search)).toBeNull();
    }
  });

  it("shares the sign and the reading in words", () => {
    const sign = SIGNS[0] as (typeof SIGNS)[number];
    expect(auraShareText({ sign, reading: sign.readings[0] })).toBe(`My Aries aura: ${sign.readings[0]}`);
  });
});
