import { pickOne, type Random, randomInt } from "../../kit/lib/random";
import { COLORS, FONTS, HELLOS, type Hello } from "./words";

export const INITIAL_COUNT = 15;
export const MORE_COUNT = 10;
/** More greetings load when the bottom of the page is this close (spec section 9). */
export const THRESHOLD_PX = 200;
export const MAX_TRIES = 1000;

export interface Greeting {
  id: number;
  text: string;
  lang: string;
  font: string;
  color: string;
  /** 4 to 12: the type scale, a quarter rem per step. */
  size: number;
  /** Degrees, -30 to 30. */
  rotation: number;
  /** Horizontal offset in percent, -25 to 25. */
  x: number;
}

const keyOf = (g: Pick<Greeting, "text" | "font" | "color">) => `${g.text}|${g.font}|${g.color}`;

/** One greeting that looks different from every one shown, trying up to 1000 times. */
export function makeGreeting(id: number, shown: ReadonlySet<string>, random: Random): Greeting {
  let greeting: Greeting | undefined;
  for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
    const hello: Hello = pickOne(HELLOS, random);
    greeting = {
      id,
      text: hello.text,
      lang: hello.lang,
      font: pickOne(FONTS, random),
      color: pickOne(COLORS, random),
      size: randomInt(4, 12, random),
      rotation: randomInt(-30, 30, random),
      x: randomInt(-25, 25, random),
    };
    if (!shown.has(keyOf(greeting))) break;
  }
  return greeting as Greeting;
}

/** `count` more greetings after `existing`, none duplicating another while it can be avoided. */
export function moreGreetings(existing: readonly Greeting[], count: number, random: Random): Greeting[] {
  const shown = new Set(existing.map(keyOf));
  const nextId = existing.length === 0 ? 0 : Math.max(...existing.map((g) => g.id)) + 1;
  const added: Greeting[] = [];
  for (let i = 0; i < count; i++) {
    const greeting = makeGreeting(nextId + i, shown, random);
    shown.add(keyOf(greeting));
    added.push(greeting);
  }
  return [...existing, ...added];
}
