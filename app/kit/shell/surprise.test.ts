import { describe, expect, it } from "vitest";
import { seededRandom } from "../lib/random";
import { pickSurprise } from "./surprise";

describe("pickSurprise", () => {
  const paths = ["/", "/hi", "/quotes", "/wheel"];

  it("never picks the current page", () => {
    const random = seededRandom(4);
    for (let i = 0; i < 500; i++) expect(pickSurprise(paths, "/hi", random)).not.toBe("/hi");
  });

  it("can pick every other page", () => {
    const random = seededRandom(8);
    const seen = new Set(Array.from({ length: 200 }, () => pickSurprise(paths, "/", random)));
    expect([...seen].sort()).toEqual(["/hi", "/quotes", "/wheel"]);
  });

  it("picks any toy from a page that is not a toy", () => {
    expect(pickSurprise(paths, "/about", () => 0)).toBe("/");
    expect(pickSurprise(paths, null, () => 0.99)).toBe("/wheel");
  });

  it("has nothing to pick when the only toy is the current one", () => {
    expect(pickSurprise(["/"], "/", Math.random)).toBeUndefined();
  });
});
