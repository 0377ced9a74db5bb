import { describe, expect, it } from "vitest";
import { seededRandom } from "../../kit/lib/random";
import { ALMOST, MESSAGES, NAH, NAH_MS, nextTick, TEASE_CHANCE, TICK_MS } from "./logic";

describe("endless loading", () => {
  it("uses the spec's numbers and strings", () => {
    expect([TICK_MS, TEASE_CHANCE, NAH_MS]).toEqual([3000, 0.3, 2000]);
    expect(ALMOST).toBe("Almost there...");
    expect(NAH).toBe("Nah.");
    expect(MESSAGES).toHaveLength(9);
    expect(new Set(MESSAGES).size).toBe(9);
  });

  it("teases 30% of the time, otherwise shows one of the nine messages", () => {
    expect(nextTick(() => 0.29)).toEqual({ kind: "tease" });
    expect(nextTick(() => 0.3).kind).toBe("message");
    const random = seededRandom(6);
    const ticks = Array.from({ length: 10_000 }, () => nextTick(random));
    const teases = ticks.filter((t) => t.kind === "tease").length;
    expect(teases).toBeGreaterThan(2800);
    expect(teases).toBeLessThan(3200);
    const texts = new Set(ticks.flatMap((t) => (t.kind === "message" ? [t.text] : [])));
    expect(texts.size).toBe(9);
  });
});
