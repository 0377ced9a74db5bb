import { describe, expect, it } from "vitest";
import { createSequence } from "./sequence.ts";

describe("a topic's numbered messages", () => {
  it("numbers each message with its topic, and gives a page what it missed since its token", () => {
    const sequence = createSequence("wall", 3);
    const start = sequence.token();
    expect(sequence.add({ t: "paint", cell: 1 })).toBe('{"topic":"wall","t":"paint","cell":1,"seq":1}');
    sequence.add({ t: "paint", cell: 2 });
    expect(sequence.since(start)).toEqual([
      '{"topic":"wall","t":"paint","cell":1,"seq":1}',
      '{"topic":"wall","t":"paint","cell":2,"seq":2}',
    ]);
    expect(sequence.since(sequence.token())).toEqual([]);
  });

  it("sends the whole state instead when the token is another process's, too old, from the future, or what was missed is not less", () => {
    const sequence = createSequence("wall", 2);
    const start = sequence.token();
    for (let k = 0; k < 3; k++) sequence.add({ t: "paint", cell: k });
    expect(sequence.since(start)).toBeNull();
    expect(sequence.since(`${(sequence.epoch + 1) >>> 0}.3`)).toBeNull();
    expect(sequence.since(`${sequence.epoch}.9`)).toBeNull();
    expect(sequence.since("not a token")).toBeNull();
    expect(sequence.since(`${sequence.epoch}.1`)).toHaveLength(2);
    expect(sequence.since(`${sequence.epoch}.1`, 40)).toBeNull();
  });

  it("lets nobody resume from before a restart", () => {
    const sequence = createSequence("wall");
    sequence.add({ t: "paint" });
    const before = sequence.token();
    sequence.restart();
    expect(sequence.since(before)).toBeNull();
  });
});
