import { describe, expect, it } from "vitest";
import { openLive, popAnswered } from "../test/live-client.ts";
import { siteProcess } from "../test/site-process.ts";

/** A visitor of the shared sheet who comes back, against the real server process on SQLite. */
describe("a visitor who comes back", () => {
  // A sheet of 4,096 bubbles (512 bytes): a few missed messages are less to send than it is.
  const big = siteProcess({ BUBBLES_SHEET_SIZE: "4096", BUBBLES_POP_LIMIT: "10000/100000" });

  /** A visitor who leaves, where it left off, and another who pops `bubbles` one message each meanwhile. */
  async function leaveWhileOthersPop(bubbles: number[]) {
    const first = await openLive(big.origin, ["bubbles"]);
    await first.until(() => first.sheet !== null);
    const resume = first.resume();
    const before = first.sheet?.popped ?? 0;
    first.close();
    const other = await openLive(big.origin, ["bubbles"]);
    await other.until(() => other.sheet !== null);
    for (const bubble of bubbles) await popAnswered(other, [bubble]);
    await other.until(() => other.sheet?.popped === before + bubbles.length);
    return { resume, before, other };
  }

  it("gets what it missed, from where it left off, when that is less than the whole sheet", async () => {
    const { resume, other } = await leaveWhileOthersPop([20, 21]);

    const back = await openLive(big.origin, ["bubbles"], { since: resume });
    // What it missed comes as the numbered messages it missed (one per pop here), maybe in two reads.
    const missedSoFar = () => back.messages.flatMap((m) => (m.t === "pops" ? m.i : []));
    await back.until(() => missedSoFar().length >= 2);
    // Only what it missed: no whole sheet.
    expect(back.sheets).toBe(0);
    expect(missedSoFar().sort((a, b) => a - b)).toEqual([20, 21]);
    // A visitor from another server's sequence gets the whole sheet.
    const stranger = await openLive(big.origin, ["bubbles"], { since: "12345.7" });
    await stranger.until(() => stranger.sheet !== null);
    expect(stranger.sheets).toBe(1);
    for (const client of [other, back, stranger]) client.close();
  });

  it("gets the whole sheet when what it missed would be more to send", async () => {
    // Twenty messages of about 45 bytes each: more than the sheet's 512.
    const { resume, before, other } = await leaveWhileOthersPop(Array.from({ length: 20 }, (_, k) => 100 + k));

    const back = await openLive(big.origin, ["bubbles"], { since: resume });
    await back.until(() => back.sheet !== null);
    expect(back.sheets).toBe(1);
    expect(back.messages.filter((m) => m.t === "pops")).toEqual([]);
    expect(back.sheet?.popped).toBe(before + 20);
    for (const client of [other, back]) client.close();
  });
});
