import fc from "fast-check";
import type * as v from "valibot";

/**
 * Valid values of a valibot schema, as a fast-check arbitrary: what the fuzzers (server/live/
 * protocol-fuzz.test.ts) start from before they mutate it, so a topic's messages are made from the
 * schemas the server checks them with, and a new toy's messages are fuzzed without anyone writing
 * a generator for them.
 *
 * It knows the constructs the toys use: strictObject, object and looseObject (their optional
 * entries sometimes left out), literal, picklist, boolean, null, number (with safeInteger or
 * integer, minValue, maxValue), string (with regex, minLength, maxLength, length), array (with
 * minLength, maxLength, length), unknown, optional, union, and `check` (a value the check refuses
 * is not generated). Anything else throws, naming the construct: a generator that quietly made
 * something else for a schema it did not understand would fuzz messages nobody sends, and pass.
 */
export type AnySchema = v.GenericSchema;

/** A schema's own description, as valibot keeps it (the parts this file reads). */
interface Node {
  kind: string;
  type: string;
  pipe?: readonly Node[];
  requirement?: unknown;
  entries?: Record<string, Node>;
  item?: Node;
  wrapped?: Node;
  literal?: unknown;
  options?: readonly unknown[];
}

/** A schema (or an action of a pipe) that this file cannot make values for. */
export class UnknownSchemaError extends Error {
  constructor(what: string, at: string) {
    super(`schema-arbitraries cannot make values for ${what} (at ${at || "the root"}): teach it, do not skip it`);
    this.name = "UnknownSchemaError";
  }
}

/** The schema under its pipes, and every action of them in order (`pipe(pipe(number, a), b)`: number, [a, b]). */
function flatten(schema: Node): { base: Node; actions: Node[] } {
  if (!schema.pipe) return { base: schema, actions: [] };
  const [first, ...rest] = schema.pipe;
  if (!first) throw new UnknownSchemaError("an empty pipe", "");
  const inner = flatten(first);
  return { base: inner.base, actions: [...inner.actions, ...rest] };
}

/** The bounds a pipe's actions set (`min_value`, `max_length` ...); an action not `allowed` here throws. */
function boundsOf(actions: readonly Node[], allowed: readonly string[], at: string) {
  const bounds = {
    min: undefined as number | undefined,
    max: undefined as number | undefined,
    minLength: 0,
    maxLength: undefined as number | undefined,
    integer: false,
    regexes: [] as RegExp[],
  };
  for (const action of actions) {
    // Titles and descriptions say nothing about the values.
    if (action.kind === "metadata") continue;
    if (action.kind !== "validation" || !(allowed.includes(action.type) || action.type === "check")) {
      throw new UnknownSchemaError(`the ${action.kind} "${action.type}"`, at);
    }
    const requirement = action.requirement;
    switch (action.type) {
      case "min_value":
        bounds.min = Math.max(bounds.min ?? Number.NEGATIVE_INFINITY, requirement as number);
        break;
      case "max_value":
        bounds.max = Math.min(bounds.max ?? Number.POSITIVE_INFINITY, requirement as number);
        break;
      case "safe_integer":
      case "integer":
        bounds.integer = true;
        break;
      case "min_length":
        bounds.minLength = Math.max(bounds.minLength, requirement as number);
        break;
      case "max_length":
        bounds.maxLength = Math.min(bounds.maxLength ?? Number.POSITIVE_INFINITY, requirement as number);
        break;
      case "length":
        bounds.minLength = Math.max(bounds.minLength, requirement as number);
        bounds.maxLength = Math.min(bounds.maxLength ?? Number.POSITIVE_INFINITY, requirement as number);
        break;
      case "regex":
        bounds.regexes.push(requirement as RegExp);
        break;
    }
  }
  return bounds;
}

const NUMBER_ACTIONS = ["min_value", "max_value", "safe_integer", "integer"];
const LENGTH_ACTIONS = ["min_length", "max_length", "length"];

function numberArbitrary({ min, max, integer }: ReturnType<typeof boundsOf>, at: string): fc.Arbitrary<number> {
  if (integer) {
    // Whole numbers are as wide as a double holds exactly; bigInt reaches all of it, small ones first.
    const lo = Math.ceil(Math.max(min ?? Number.MIN_SAFE_INTEGER, Number.MIN_SAFE_INTEGER));
    const hi = Math.floor(Math.min(max ?? Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER));
    if (lo > hi) throw new UnknownSchemaError(`a whole number from ${lo} to ${hi} (there is none)`, at);
    return fc.oneof(fc.constantFrom(lo, hi), fc.bigInt({ min: BigInt(lo), max: BigInt(hi) }).map(Number));
  }
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

function stringArbitrary(bounds: ReturnType<typeof boundsOf>, at: string): fc.Arbitrary<string> {
  const { minLength, maxLength, regexes } = bounds;
  const [regex, ...others] = regexes;
  if (maxLength !== undefined && minLength > maxLength) {
    throw new UnknownSchemaError(`a string of ${minLength} to ${maxLength} characters (there is none)`, at);
  }
  const base = regex
    ? fc.stringMatching(regex, maxLength === undefined ? {} : { maxLength })
    : fc.oneof(
        fc.string({ minLength, maxLength }),
        // Any code point: astral ones are two UTF-16 units, so half as many fit.
        fc.string({
          unit: "binary",
          minLength,
          maxLength: maxLength === undefined ? undefined : Math.max(minLength, Math.ceil(maxLength / 2)),
        }),
      );
  // Valibot measures UTF-16 units; a second regex of the pipe must hold too.
  return base.filter(
    (text) =>
      text.length >= minLength &&
      text.length <= (maxLength ?? Number.POSITIVE_INFINITY) &&
      others.every((other) => other.test(text)),
  );
}

/** A JSON value of any shape, small: what an `unknown` field is sent. */
const anyJson: fc.Arbitrary<unknown> = fc.oneof(fc.integer({ min: -3, max: 40 }), fc.jsonValue({ maxDepth: 2 }));

/** Valid values of `schema` (as `v.safeParse` takes them), as a fast-check arbitrary. */
export function arbitraryOf(schema: AnySchema): fc.Arbitrary<unknown> {
  return build(schema as unknown as Node, "");
}

function build(schema: Node, at: string): fc.Arbitrary<unknown> {
  const { base, actions } = flatten(schema);
  const arbitrary = buildBase(base, actions, at);
  // A check (`v.check(send => send.to > send.from)`) is a predicate: values it refuses are not made.
  const checks = actions.flatMap((action) =>
    action.type === "check" ? [action.requirement as (value: unknown) => boolean] : [],
  );
  return checks.length === 0 ? arbitrary : arbitrary.filter((value) => checks.every((check) => check(value)));
}

function buildBase(base: Node, actions: readonly Node[], at: string): fc.Arbitrary<unknown> {
  const only = (allowed: readonly string[]) => boundsOf(actions, allowed, at);
  switch (base.type) {
    case "number":
      return numberArbitrary(only(NUMBER_ACTIONS), at);
    case "string":
      return stringArbitrary(only([...LENGTH_ACTIONS, "regex"]), at);
    case "array": {
      const { minLength, maxLength } = only(LENGTH_ACTIONS);
      return fc.array(build(base.item as Node, `${at}[]`), { minLength, maxLength });
    }
    case "strict_object":
    case "object":
    case "loose_object": {
      only([]);
      const entries = Object.entries(base.entries ?? {});
      const model = Object.fromEntries(entries.map(([key, entry]) => [key, build(entry, `${at}.${key}`)]));
      const requiredKeys = entries.filter(([, entry]) => entry.type !== "optional").map(([key]) => key);
      return fc.record(model, { requiredKeys });
    }
    case "optional":
      only([]);
      return fc.option(build(base.wrapped as Node, at), { nil: undefined });
    case "literal":
      only([]);
      return fc.constant(base.literal);
    case "picklist":
      only([]);
      return fc.constantFrom(...(base.options ?? []));
    case "union":
      only([]);
      return fc.oneof(...((base.options ?? []) as Node[]).map((option, k) => build(option, `${at}|${k}`)));
    case "boolean":
      only([]);
      return fc.boolean();
    case "null":
      only([]);
      return fc.constant(null);
    case "unknown":
    case "any":
      only([]);
      return anyJson;
    default:
      throw new UnknownSchemaError(`the schema "${base.type}"`, at);
  }
}
