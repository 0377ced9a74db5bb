import { describe, expect, it } from "vitest";
import { seededRandom } from "../../kit/lib/random";
import { BLOCK_CHARS, EMOTICONS, SHARE_SOURCE_MAX, splitIntoBlocks, uwuFromLink, uwuify, uwuLink } from "./logic";

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

describe("splitIntoBlocks", () => {
  const long = `${"Hewwo UwU (◕‿◕✿) wowwd. ".repeat(5000)}\nThe end`;

  it("keeps short text in one block", () => {
    expect(splitIntoBlocks("hewwo")).toEqual(["hewwo"]);
    expect(splitIntoBlocks("")).toEqual([""]);
  });

  it("gives back the whole translation when joined, in blocks of at most the size", () => {
    const blocks = splitIntoBlocks(long);
    expect(blocks.join("")).toBe(long);
    expect(blocks.length).toBeGreaterThan(long.length / BLOCK_CHARS);
    for (const block of blocks) expect(block.length).toBeLessThanOrEqual(BLOCK_CHARS);
  });

  it("never cuts a word: blocks end at a space or a line break", () => {
    for (const block of splitIntoBlocks(long).slice(0, -1)) expect(block).toMatch(/[ \n]$/);
    expect(splitIntoBlocks("a\nbb cc", 5)).toEqual(["a\nbb ", "cc"]);
    // A line break in the second half of the block wins over a later space.
    expect(splitIntoBlocks("aaaaaa\nbb cc", 10)).toEqual(["aaaaaa\n", "bb cc"]);
  });

  it("cuts where it must when there is no space at all", () => {
    expect(splitIntoBlocks("x".repeat(25), 10)).toEqual(["x".repeat(10), "x".repeat(10), "x".repeat(5)]);
  });
});

describe("a shared UwU link", () => {
  it("opens the same translation: the text and the emoticons' seed", () => {
    const source = { text: "I love this! Really! Truly!", seed: 1234567 };
    const back = uwuFromLink(new URL(uwuLink(source), "http://localhost:3000").search);
    expect(back).toEqual(source);
    expect(uwuify(back?.text ?? "", seededRandom(back?.seed ?? 0))).toBe(
      uwuify(source.text, seededRandom(source.seed)),
    );
  });

  it("carries at most SHARE_SOURCE_MAX characters of text", () => {
    const back = uwuFromLink(
      new URL(uwuLink({ text: "ル".repeat(SHARE_SOURCE_MAX * 3), seed: 1 }), "http://localhost:3000").search,
    );
    expect(back?.text).toBe("ル".repeat(SHARE_SOURCE_MAX));
  });

  it("names nothing when the text or the seed is missing or nonsense", () => {
    for (const search of [
      "",
      "?text=hi",
      "?seed=3",
      "?text=%20&seed=3",
      "?text=hi&seed=-1",
      "?text=hi&seed=1.5",
      "?text=hi&seed=99999999999",
    ]) {
      expect(uwuFromLink(search)).toBeNull();
    }
  });
});
