import { describe, expect, it } from "vitest";
import { seededRandom } from "../../kit/lib/random";
import { EMOTICONS, uwuify } from "./logic";

const first = () => 0;

describe("uwuify", () => {
  it("turns l and r into w, keeping case", () => {
    expect(uwuify("really Lovely RED", first)).toBe("weawwy Wuvwy WED");
    expect(uwuify("hello world", first)).toBe("hewwo wowwd");
  });

  it("adds a y after n before a vowel", () => {
    expect(uwuify("nap nice no", first)).toBe("nyap nyice nyo");
    expect(uwuify("Nope", first)).toBe("Nyope");
    expect(uwuify("and sun", first)).toBe("and sun");
  });

  it("turns 'ove' into 'uv'", () => {
    expect(uwuify("love", first)).toBe("wuv");
    expect(uwuify("above the stove", first)).toBe("abuv the stuv");
    expect(uwuify("OVEN", first)).toBe("UVN");
  });

  it("turns each exclamation mark into one of six emoticons", () => {
    expect(EMOTICONS).toHaveLength(6);
    expect(new Set(EMOTICONS).size).toBe(6);
    expect(uwuify("hi!", () => 0)).toBe(`hi${EMOTICONS[0]}`);
    expect(uwuify("hi!", () => 0.99)).toBe(`hi${EMOTICONS[5]}`);
    const out = uwuify("!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!", seededRandom(3));
    expect(out).not.toContain("!");
    expect(new Set(EMOTICONS.filter((e) => out.includes(e))).size).toBeGreaterThan(2);
  });

  it("leaves everything else alone, markup included (it stays text)", () => {
    expect(uwuify("", first)).toBe("");
    expect(uwuify("123 ☃ 🙂", first)).toBe("123 ☃ 🙂");
    expect(uwuify("<b>hi</b>", first)).toBe("<b>hi</b>");
  });
});
