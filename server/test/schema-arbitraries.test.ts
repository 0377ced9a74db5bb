import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { CLICK_BODIES, CLICK_QUERIES } from "../clicks/routes.ts";
import { Entries, mutate, Raw, toWire, wireText } from "./hostile-json.ts";
import { liveFrame, validMessage } from "./protocol-arbitraries.ts";
import { arbitraryOf, UnknownSchemaError } from "./schema-arbitraries.ts";
import { readSharedProtocol } from "./shared-topics.ts";

/**
 * The fuzzer's generators (server/live/protocol-fuzz.test.ts) are only as good as the messages
 * they make: every value made from a schema must pass it, the edges of a range must come up, and
 * a construct the converter does not know must stop it rather than be fuzzed with something else.
 */
const SEED = 20261127;
const valid = (schema: v.GenericSchema, runs = 300) =>
  fc.assert(
    fc.property(arbitraryOf(schema), (value) => {
      const checked = v.safeParse(schema, value);
      if (!checked.success) throw new Error(`${JSON.stringify(value)}: ${checked.issues[0]?.message}`);
    }),
    { seed: SEED, numRuns: runs },
  );

describe("values made from a valibot schema", () => {
  it("pass every message schema of every shared toy, and the counter's bodies and parameters", async () => {
    const protocol = await readSharedProtocol();
    expect(protocol.topics.map((t) => t.topic)).toEqual(
      expect.arrayContaining(["clicks", "bubbles", "claps", "polls", "wall"]),
    );
    for (const { kinds } of protocol.topics) for (const [, schema] of kinds) valid(schema);
    for (const schema of [...Object.values(CLICK_BODIES), ...Object.values(CLICK_QUERIES)]) valid(schema);
  });

  it("pass each construct the toys use, and reach the edges of its ranges", () => {
    const whole = v.pipe(v.number(), v.safeInteger(), v.minValue(0));
    const constructs = [
      v.pipe(whole, v.minValue(1), v.maxValue(2 ** 31 - 1)),
      v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,64}$/)),
      v.pipe(v.string(), v.maxLength(5)),
      v.pipe(v.string(), v.minLength(2), v.maxLength(3)),
      v.pipe(v.array(whole), v.minLength(1), v.maxLength(30)),
      v.strictObject({ t: v.literal("a"), n: v.optional(whole), k: v.picklist(["x", "y"]) }),
      v.looseObject({ b: v.boolean(), z: v.null(), u: v.unknown() }),
      v.object({ either: v.union([v.literal(1), v.pipe(v.string(), v.length(2))]) }),
      v.pipe(
        v.strictObject({ from: whole, to: whole }),
        v.check((send) => send.to > send.from),
      ),
      v.pipe(v.number(), v.minValue(-1.5), v.maxValue(1.5)),
    ];
    for (const schema of constructs) valid(schema);
    const made = fc.sample(arbitraryOf(v.pipe(whole, v.maxValue(9))), { seed: SEED, numRuns: 200 });
    expect(new Set(made)).toEqual(new Set([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]));
    const unbounded = fc.sample(arbitraryOf(whole), { seed: SEED, numRuns: 500 });
    expect(unbounded).toContain(Number.MAX_SAFE_INTEGER);
    expect(unbounded.some((n) => (n as number) > 2 ** 32 && (n as number) < Number.MAX_SAFE_INTEGER)).toBe(true);
    // Optional entries come both ways.
    const optional = fc.sample(arbitraryOf(v.strictObject({ n: v.optional(whole) })), { seed: SEED, numRuns: 100 });
    expect(optional.some((o) => "n" in (o as object))).toBe(true);
    expect(optional.some((o) => !("n" in (o as object)))).toBe(true);
  });

  it("refuse loudly a construct they do not know, naming it and where it is", () => {
    const unknown: [v.GenericSchema, RegExp][] = [
      [v.date(), /the schema "date"/],
      [v.strictObject({ at: v.pipe(v.string(), v.email()) }), /the validation "email" \(at \.at\)/],
      [
        v.pipe(
          v.string(),
          v.transform((s) => s.length),
        ),
        /the transformation "transform"/,
      ],
      [v.strictObject({ list: v.array(v.record(v.string(), v.number())) }), /the schema "record" \(at \.list\[\]\)/],
      [v.pipe(v.number(), v.maxLength(3) as never), /the validation "max_length"/],
    ];
    for (const [schema, named] of unknown) {
      expect(() => arbitraryOf(schema)).toThrow(UnknownSchemaError);
      expect(() => arbitraryOf(schema)).toThrow(named);
    }
  });
});

describe("the fuzzer's messages", () => {
  it("say on the wire what JSON.stringify cannot: -0, Infinity once parsed, a key twice, __proto__ as an own key", () => {
    const message = new Entries([
      ["topic", "bubbles"],
      ["__proto__", new Entries([["t", "pop"]])],
      ["n", new Raw("-0")],
      ["i", new Raw("1e309")],
      ["t", "pop"],
      ["t", "constructor"],
    ]);
    const parsed = JSON.parse(wireText(message));
    expect(Object.hasOwn(parsed, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(Object.is(parsed.n, -0)).toBe(true);
    expect(parsed.i).toBe(Number.POSITIVE_INFINITY);
    expect(parsed.t).toBe("constructor");
    expect(wireText(toWire({ a: [1, "\ud800"], b: undefined }))).toBe('{"a":[1,"\\ud800"]}');
    expect(wireText(mutate(message, { op: "rename", at: 1, name: "valueOf" }))).toContain('"valueOf":{"t":"pop"}');
  });

  it("are valid messages of a topic the channel takes as they are, before they are mutated", async () => {
    const protocol = await readSharedProtocol();
    const kinds = new Map(protocol.topics.map(({ topic, kinds }) => [topic, new Map(kinds)]));
    for (const message of fc.sample(validMessage(protocol), { seed: SEED, numRuns: 300 })) {
      const { topic, ...rest } = JSON.parse(wireText(message));
      const schema = kinds.get(topic)?.get(rest.t);
      // A topic that takes no message (clicks) is sent a message of no kind it has.
      if (kinds.get(topic)?.size === 0) expect(rest).toEqual({});
      else expect(schema && v.safeParse(schema, rest).success, JSON.stringify(rest)).toBe(true);
    }
    // And the frames name `t` from the dangerous names, Object.prototype's among them, in a few hundred.
    const frames = fc.sample(liveFrame(protocol), { seed: SEED, numRuns: 500 });
    const ts = frames.flatMap((frame) => {
      try {
        const t = typeof frame === "string" ? JSON.parse(frame)?.t : undefined;
        return typeof t === "string" ? [t] : [];
      } catch {
        return [];
      }
    });
    expect(ts.some((t) => Object.hasOwn(Object.prototype, t))).toBe(true);
  });
});
