import type { Random } from "../../kit/lib/random";

/** Each exclamation mark becomes one of these (spec section 5: six emoticons). */
export const EMOTICONS = ["(◕‿◕✿)", "UwU", "OwO", ">w<", "^w^", "(｡♥‿♥｡)"] as const;

/** Gives `to` the case of `from`, letter by letter (uppercase stays uppercase). */
function matchCase(from: string, to: string): string {
  let out = "";
  for (let i = 0; i < to.length; i++) {
    const model = from[Math.min(i, from.length - 1)] ?? "";
    out += model === model.toUpperCase() && model !== model.toLowerCase() ? to[i]?.toUpperCase() : to[i];
  }
  return out;
}

/**
 * The UwU rules (spec section 5), in this order: 'ove' becomes 'uv', n before a vowel gets a y,
 * l and r become w (keeping case), and each '!' becomes a random emoticon. Linear time: 200 KB of
 * input translates in a few milliseconds (scripts/bench-uwu.ts keeps it under 50 ms).
 */
export function uwuify(text: string, random: Random): string {
  return text
    .replace(/ove/gi, (m) => matchCase(m, "uv"))
    .replace(/n(?=[aeiou])/gi, (n) => (n === "N" ? "Ny" : "ny"))
    .replace(/[lr]/gi, (c) => (c === c.toUpperCase() ? "W" : "w"))
    .replace(/!/g, () => EMOTICONS[Math.floor(random() * EMOTICONS.length)] as string);
}

/** About how many characters one block of a long translation holds (see `splitIntoBlocks`). */
export const BLOCK_CHARS = 2000;

/** Translations longer than this are announced by their length, not read out whole. */
export const READ_OUT_MAX_CHARS = 1000;

/**
 * Cuts a long translation into blocks of about `size` characters, each ending at a line break or,
 * failing that, after a space, so no word is cut. The page lays out only the blocks on screen
 * (content-visibility): 200 KB of emoticons that need fallback fonts took Chromium 2-5 s to lay out
 * at once. Joined again, the blocks are the translation, character for character.
 */
export function splitIntoBlocks(text: string, size = BLOCK_CHARS): string[] {
  const blocks: string[] = [];
  let start = 0;
  while (text.length - start > size) {
    const window = text.slice(start, start + size);
    const newline = window.lastIndexOf("\n");
    const space = window.lastIndexOf(" ");
    const cut = newline > size / 2 ? newline + 1 : space > size / 2 ? space + 1 : size;
    blocks.push(text.slice(start, start + cut));
    start += cut;
  }
  blocks.push(text.slice(start));
  return blocks;
}

/** A shared link carries the text itself, up to this many characters (a link, not a document). */
export const SHARE_SOURCE_MAX = 500;

export interface UwuSource {
  text: string;
  /** Seeds the emoticons, so the link opens the very same translation. */
  seed: number;
}

/** At most SHARE_SOURCE_MAX characters of the text, never splitting an emoji. */
const cutForLink = (text: string) => Array.from(text).slice(0, SHARE_SOURCE_MAX).join("");

/** The link that opens a translation: its source text (cut to a sane length) and the seed. */
export function uwuLink({ text, seed }: UwuSource): string {
  return `/uwu?${new URLSearchParams({ text: cutForLink(text), seed: String(seed) })}`;
}

/** The translation a shared link names, or null when it names none (or nonsense). */
export function uwuFromLink(search: string): UwuSource | null {
  const params = new URLSearchParams(search);
  const text = params.get("text");
  const seed = params.get("seed");
  // The seed is a whole number that fits 32 bits, as `translate` makes them.
  if (!text?.trim() || !seed || !/^\d{1,10}$/.test(seed) || Number(seed) > 0xffffffff) return null;
  return { text: cutForLink(text), seed: Number(seed) };
}
