import fc from "fast-check";

/**
 * What a hostile client sends instead of a valid message: the names and values JavaScript itself
 * trips over, and the mutations that put them into an otherwise valid message (any field's name or
 * value, `topic` and `t` among them). Issue 44 was one such message, `{"topic":"bubbles",
 * "t":"constructor"}`: a name every plain object answers to without having it.
 *
 * Messages are built as `Wire` values and written by `wireText`, not JSON.stringify, so they can
 * say what JSON.stringify never writes but JSON.parse reads: `-0`, `1e309` (Infinity once parsed),
 * 9007199254740993 (past what a double holds exactly), the same key twice (the last wins), and
 * `__proto__` as an own key (JSON.parse makes it one; an object literal would set the prototype).
 */

/** JSON text sent as it is (a number JSON.stringify cannot write, nesting no generator would build). */
export class Raw {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

/** An object as its entries, in order: a key may come twice, and any name is an own key. */
export class Entries {
  readonly entries: readonly (readonly [string, Wire])[];
  constructor(entries: readonly (readonly [string, Wire])[]) {
    this.entries = entries;
  }
}

export type Wire = null | boolean | number | string | Raw | Entries | readonly Wire[];

export function wireText(value: Wire): string {
  if (value instanceof Raw) return value.text;
  if (value instanceof Entries) {
    return `{${value.entries.map(([key, item]) => `${JSON.stringify(key)}:${wireText(item)}`).join(",")}}`;
  }
  if (Array.isArray(value)) return `[${value.map(wireText).join(",")}]`;
  return JSON.stringify(value);
}

/** A plain value (a generated valid message) as a Wire: its objects' keys in order, undefined left out. */
export function toWire(value: unknown): Wire {
  if (Array.isArray(value)) return value.map(toWire);
  if (value !== null && typeof value === "object") {
    return new Entries(
      Object.entries(value).flatMap(([key, item]) => (item === undefined ? [] : [[key, toWire(item)] as const])),
    );
  }
  return value as Wire;
}

/** What every plain object answers to without having it: issue 44's kind of name. */
export const INHERITED_NAMES: readonly string[] = [
  ...new Set([...Object.getOwnPropertyNames(Object.prototype), "prototype", "then", "toJSON"]),
];

/**
 * Names a function, an array, a string, a promise or a map answers to, and look-alikes of the
 * inherited ones: what a page may name where a server looks something up by a name it was sent.
 */
export const DANGEROUS_NAMES: readonly string[] = [
  ...new Set([
    ...[Function.prototype, Array.prototype, String.prototype, Number.prototype, Promise.prototype, Map.prototype]
      .flatMap((prototype) => Object.getOwnPropertyNames(prototype))
      .filter((name) => !INHERITED_NAMES.includes(name)),
    "callee",
    "",
    " ",
    "\u0000",
    "0",
    "-1",
    "NaN",
    "undefined",
    "null",
    "constructor\u0000",
    "constructor ",
    "CONSTRUCTOR",
    "\uff43onstructor",
    "\u202econstructor",
    "__pro\u200bto__",
    "\ud800",
  ]),
];

/** Strings that look like numbers, or are odd Unicode: lone surrogates, direction marks, NUL. */
export const ODD_STRINGS: readonly string[] = [
  "NaN",
  "-NaN",
  "Infinity",
  "-Infinity",
  "-0",
  "1e308",
  "1e309",
  "0x10",
  "1n",
  "9007199254740993",
  " 1",
  "1_000",
  "\u0661",
  "",
  "null",
  "true",
  "[]",
  "{}",
  "\ud800",
  "\udfff",
  "a\ud800b",
  "\udc00\ud800",
  "\u202e",
  "\u200f",
  "\u200e\u202d",
  "\u0000",
  "a\u0000b",
  "\ufeff",
  "\uffff",
  "\u2028\u2029",
  "\u{1f469}\u200d\u{1f469}\u200d\u{1f467}",
  "e\u0301\u0301\u0301\u0301",
  "\\",
  '"',
  "%00",
];

/** Pieces long odd strings are made of. */
const PIECES = ["a", "\ud800", "\udc00", "\u202e", "\u0000", "\u{1f4a9}", "\u0301", "\u200f", "\ufeff", "\\"];

/** Numbers at and past the edges: -0, the largest doubles, past safe integers, Infinity once parsed. */
export const ODD_NUMBERS: readonly string[] = [
  "-0",
  "0",
  "-0.0",
  "1.0",
  "1e0",
  "1E2",
  "-1",
  "0.5",
  "1e308",
  "-1e308",
  "1.7976931348623157e308",
  "1e309",
  "-1e309",
  "5e-324",
  "1e-400",
  "9007199254740991",
  "9007199254740992",
  "9007199254740993",
  "-9007199254740991",
  "-9007199254740992",
  "-9007199254740993",
  "2147483647",
  "2147483648",
  "4294967295",
  "4294967296",
  "18446744073709551616",
  "1e21",
  "123456789012345678901234567890",
  "9".repeat(400),
];

const EDGES = [2n ** 31n, 2n ** 32n, 2n ** 53n, 2n ** 63n, 2n ** 64n];

/** A double as JSON text, -0 and the infinities too. */
const doubleText = (x: number) =>
  Object.is(x, -0) ? "-0" : Number.isFinite(x) ? String(x) : x > 0 ? "1e999" : "-1e999";

export const oddNumber: fc.Arbitrary<Wire> = fc.oneof(
  fc.constantFrom(...ODD_NUMBERS).map((text) => new Raw(text)),
  fc
    .tuple(fc.constantFrom(...EDGES), fc.bigInt({ min: -3n, max: 3n }), fc.boolean())
    .map(([edge, by, negative]) => new Raw(String((negative ? -1n : 1n) * (edge + by)))),
  fc.double({ noNaN: true }).map((x) => new Raw(doubleText(x))),
);

export const oddString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...ODD_STRINGS),
  fc.constantFrom(...INHERITED_NAMES, ...DANGEROUS_NAMES),
  fc.string({ unit: fc.constantFrom(...PIECES), maxLength: 12 }),
  fc.string({ unit: "binary", maxLength: 12 }),
  // Long ones, some past what one message may carry.
  fc
    .tuple(fc.constantFrom(...PIECES), fc.integer({ min: 100, max: 2500 }))
    .map(([piece, length]) => piece.repeat(length)),
);

export const dangerousName: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...INHERITED_NAMES) },
  { weight: 2, arbitrary: fc.constantFrom(...DANGEROUS_NAMES) },
  { weight: 1, arbitrary: oddString },
);

/** Values of the wrong type for any field. */
const wrongType = fc.constantFrom<Wire>(null, true, false, [], new Entries([]), "", 0, [0], "1");

const leaf: fc.Arbitrary<Wire> = fc.oneof(oddNumber, oddString, wrongType);

/**
 * Every dangerous value: odd numbers and strings, wrong types, arrays huge and deeply nested,
 * objects keyed by dangerous names (one nested `__proto__` in another).
 */
export const dangerousValue: fc.Arbitrary<Wire> = fc.oneof(
  { weight: 3, arbitrary: oddNumber },
  { weight: 3, arbitrary: oddString },
  { weight: 2, arbitrary: wrongType },
  fc.integer({ min: 2, max: 1500 }).map((depth) => new Raw("[".repeat(depth) + "]".repeat(depth))),
  fc
    .tuple(dangerousName, fc.integer({ min: 2, max: 120 }))
    .map(([key, depth]) => new Raw([`{${JSON.stringify(key)}:`.repeat(depth), "{}", "}".repeat(depth)].join(""))),
  fc
    .tuple(fc.integer({ min: 31, max: 1200 }), fc.constantFrom("0", "1", "-0", "1e309", "null", "[]", '"constructor"'))
    .map(([length, item]) => new Raw(`[${Array.from({ length }, () => item).join(",")}]`)),
  fc.array(fc.tuple(dangerousName, leaf), { maxLength: 4 }).map((entries) => new Entries(entries)),
  fc.array(leaf, { maxLength: 5 }),
);

/** One change to a message, as data (so a counterexample reads as what was done to it). */
export type Mutation =
  | { op: "envelope"; key: string; value: Wire }
  | { op: "value"; at: number; value: Wire }
  | { op: "rename"; at: number; name: string }
  | { op: "add"; at: number; name: string; value: Wire }
  | { op: "drop"; at: number }
  | { op: "again"; at: number; value: Wire }
  | { op: "whole"; value: Wire };

/**
 * Mutations for messages of a protocol whose own names (`names`: topics, kinds, field names) are
 * mixed in with the dangerous ones: `{"topic":"wall","t":"pop"}` is as much a test as `constructor`.
 * `envelope` names the keys a server looks things up by first (the live channel's `topic` and `t`),
 * which are changed more often than the others.
 */
export function mutationOf(names: readonly string[], envelope: readonly string[] = []): fc.Arbitrary<Mutation> {
  const name = fc.oneof({ weight: 3, arbitrary: dangerousName }, fc.constantFrom(...names));
  const value = fc.oneof({ weight: 3, arbitrary: dangerousValue }, name);
  const at = fc.nat();
  const changes: fc.WeightedArbitrary<Mutation>[] = [
    { weight: 4, arbitrary: fc.record({ op: fc.constant("value" as const), at, value }) },
    { weight: 3, arbitrary: fc.record({ op: fc.constant("rename" as const), at, name }) },
    { weight: 3, arbitrary: fc.record({ op: fc.constant("add" as const), at, name, value }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant("drop" as const), at }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant("again" as const), at, value }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant("whole" as const), value }) },
  ];
  if (envelope.length === 0) return fc.oneof(...changes);
  const key = fc.constantFrom(...envelope);
  return fc.oneof(
    {
      weight: 5,
      arbitrary: fc.record({
        op: fc.constant("envelope" as const),
        key,
        value: fc.oneof({ weight: 3, arbitrary: name }, dangerousValue),
      }),
    },
    ...changes,
  );
}

/** `message` after `mutation` (one that needs an object does nothing to anything else). */
export function mutate(message: Wire, mutation: Mutation): Wire {
  if (mutation.op === "whole") return mutation.value;
  if (!(message instanceof Entries)) return message;
  const entries = [...message.entries];
  if (mutation.op === "envelope") {
    const at = entries.findIndex(([key]) => key === mutation.key);
    if (at < 0) entries.push([mutation.key, mutation.value]);
    else entries[at] = [mutation.key, mutation.value];
    return new Entries(entries);
  }
  const k = entries.length === 0 ? 0 : mutation.at % entries.length;
  const [key = "", value = null] = entries[k] ?? [];
  switch (mutation.op) {
    case "value":
      entries[k] = [key, mutation.value];
      break;
    case "rename":
      entries[k] = [mutation.name, value];
      break;
    case "add":
      entries.splice(mutation.at % (entries.length + 1), 0, [mutation.name, mutation.value]);
      break;
    case "drop":
      entries.splice(k, 1);
      break;
    case "again":
      entries.push([key, mutation.value]);
      break;
  }
  return new Entries(entries);
}
