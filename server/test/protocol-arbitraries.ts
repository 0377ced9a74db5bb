import fc from "fast-check";
import { BUBBLES_TOPIC } from "../../contracts/bubbles.ts";
import { CLAPS_TOPIC, MAX_CLAPS_PER_BATCH } from "../../contracts/claps.ts";
import { ANSWERS, POLLS_TOPIC, QUESTIONS } from "../../contracts/polls.ts";
import { PALETTE, WALL_SIZE, WALL_TOPIC } from "../../contracts/wall.ts";
import { Entries, mutate, mutationOf, toWire, type Wire, wireText } from "./hostile-json.ts";
import { arbitraryOf } from "./schema-arbitraries.ts";
import type { SharedProtocol } from "./shared-topics.ts";

/**
 * What a page could send on the live channel, made from the server's own description of it
 * (shared-topics.ts): each topic's valid messages from its schemas (schema-arbitraries.ts), then
 * the same messages mutated with dangerous names and values (hostile-json.ts), `topic` and `t`
 * included, and frames that are not messages at all; and messages of the form a page sends, made
 * from the toys' contracts.
 */

/** A text frame (JSON or not), or bytes: a text frame that is not UTF-8, or a binary one. */
export type Frame = string | { bytes: number[]; binary: boolean };

/** Every name the protocol uses: its topics, its kinds, their fields. */
function namesOf(protocol: SharedProtocol): string[] {
  const names = new Set(["topic", "t", "n"]);
  for (const { topic, kinds } of protocol.topics) {
    names.add(topic);
    for (const [t, schema] of kinds) {
      names.add(t);
      for (const field of Object.keys((schema as { entries?: object }).entries ?? {})) names.add(field);
    }
  }
  return [...names];
}

/** A valid message of one of the protocol's topics, with its `topic` first. */
export function validMessage(protocol: SharedProtocol): fc.Arbitrary<Entries> {
  return fc.oneof(
    ...protocol.topics.map(({ topic, kinds }) =>
      kinds.length === 0
        ? // A topic that takes no message: what a page sends on it is a message of a kind it does not have.
          fc.constant(new Entries([["topic", topic]]))
        : fc.oneof(
            ...kinds.map(([, schema]) =>
              arbitraryOf(schema).map((value) => {
                const body = toWire(value);
                return new Entries([["topic", topic], ...(body instanceof Entries ? body.entries : [])]);
              }),
            ),
          ),
    ),
  );
}

/** A valid message after one to three mutations. */
export function mutatedMessage(protocol: SharedProtocol): fc.Arbitrary<Wire> {
  return fc
    .tuple(
      validMessage(protocol),
      fc.array(mutationOf(namesOf(protocol), ["topic", "t"]), { minLength: 1, maxLength: 3 }),
    )
    .map(([message, mutations]) => mutations.reduce<Wire>(mutate, message));
}

/** Bytes that are not UTF-8: a lone surrogate as CESU-8 writes it, a stray continuation byte, an overlong NUL. */
const NOT_UTF8 = [[0xed, 0xa0, 0x80], [0x80], [0xc0, 0x80], [0xff, 0xfe]];

/**
 * One frame a page could send: mostly valid or mutated messages, now and then no message at all
 * (not JSON, a JSON value that is not an object, a text frame that is not UTF-8, a binary frame).
 */
export function liveFrame(protocol: SharedProtocol): fc.Arbitrary<Frame> {
  return fc.oneof(
    { weight: 4, arbitrary: validMessage(protocol).map(wireText) },
    { weight: 6, arbitrary: mutatedMessage(protocol).map(wireText) },
    {
      weight: 1,
      arbitrary: fc.oneof(
        fc.constantFrom("", "{", "not json", '{"topic":"bubbles"', "\u0000"),
        fc
          .tuple(fc.constantFrom(...NOT_UTF8), fc.boolean())
          .map(([bad, binary]) => ({ bytes: [...Buffer.from('{"topic":"'), ...bad, ...Buffer.from('"}')], binary })),
      ),
    },
  );
}

/**
 * Messages a page of the site sends, made from the toys' contracts rather than their schemas:
 * cells on the wall, emojis of the palette, polls and answers that exist, claps in a batch's
 * range, bubbles on the sheet (sheet 1, the first). Most of them must be taken and answered ok;
 * a fuzzer that only sent schema-made values would rarely reach what a page reaches every time.
 */
export function pageMessage(sheetSize: number): fc.Arbitrary<string> {
  const id = (min: number, max: number) => fc.stringMatching(new RegExp(`^[A-Za-z0-9_-]{${min},${max}}$`));
  const n = fc.nat({ max: 1000 });
  return fc
    .oneof(
      fc.record({
        topic: fc.constant(WALL_TOPIC),
        t: fc.constant("paint"),
        n,
        id: id(8, 40),
        cell: fc.nat({ max: WALL_SIZE - 1 }),
        e: fc.nat({ max: PALETTE.length - 1 }),
      }),
      fc.record({ topic: fc.constant(WALL_TOPIC), t: fc.constant("sync") }),
      fc.record({
        topic: fc.constant(POLLS_TOPIC),
        t: fc.constant("vote"),
        n,
        q: fc.nat({ max: QUESTIONS - 1 }),
        a: fc.nat({ max: ANSWERS - 1 }),
        device: id(16, 64),
      }),
      fc.record({
        topic: fc.constant(CLAPS_TOPIC),
        t: fc.constant("clap"),
        n,
        page: id(16, 64),
        batch: fc.integer({ min: 1, max: 40 }),
        count: fc.integer({ min: 1, max: MAX_CLAPS_PER_BATCH }),
      }),
      fc.record({
        topic: fc.constant(BUBBLES_TOPIC),
        t: fc.constant("pop"),
        n,
        sheet: fc.constant(1),
        i: fc.array(fc.nat({ max: sheetSize - 1 }), { minLength: 1, maxLength: 6 }),
      }),
      fc.record({ topic: fc.constant(BUBBLES_TOPIC), t: fc.constant("sync") }),
    )
    .map((message) => JSON.stringify(message));
}
