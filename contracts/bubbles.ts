/**
 * Bubble Wrap for Everyone: one sheet of bubbles shared by every visitor, as the page and the
 * server both see it. A sheet is a bitset (bit i set: bubble i is popped, for good); when the last
 * bubble pops, the next sheet starts empty. Imported by both sides; imports nothing.
 */

/** The sheet's size unless the server is told otherwise (BUBBLES_SHEET_SIZE). */
export const DEFAULT_SHEET_SIZE = 10_000;

/** `GET` answers the sheet as JSON (for pages that cannot hold the live channel open). */
export const BUBBLES_PATH = "/api/bubbles";

/** A person pops at most about fifteen bubbles a second: the server's limit per visitor (BUBBLES_POP_LIMIT). */
export const POPS_PER_SECOND = 15;

/**
 * The most pops the limit admits at once (two seconds' worth), and so the most a page sends in one
 * message (it batches a quick finger's pops): a message the limit could never admit would be
 * refused for ever.
 */
export const POPS_BURST = 2 * POPS_PER_SECOND;
export const MAX_POPS_PER_MESSAGE = POPS_BURST;

/**
 * Messages a page may send on the topic (contracts/live.ts MessageLimit): a batch of pops every
 * SEND_POPS_EVERY_MS at most, their retries, and a request for the whole sheet after a gap.
 */
export const BUBBLES_MESSAGE_LIMIT = { burst: 40, perSecond: 25 } as const;

/** The page gathers a finger's pops this long before it sends them. */
export const SEND_POPS_EVERY_MS = 50;

/** The sheet as it stands. */
export interface Sheet {
  /** The sheet's number: 1 for the first, one more for each finished. */
  sheet: number;
  /** The position in the live channel's sequence this state includes (0 over plain HTTP). */
  seq: number;
  size: number;
  popped: number;
  /** Sheets finished so far, by everyone. */
  finished: number;
  /** An id of the server process that sent it: a sequence number means something only to it. */
  epoch: number;
  bits: Uint8Array;
}

export const bytesFor = (size: number) => Math.ceil(size / 8);

/** A sheet with nothing popped (the numbers given, the rest zero). */
export const emptySheet = (size: number, fields: Partial<Omit<Sheet, "size" | "bits" | "popped">> = {}): Sheet => ({
  sheet: 1,
  seq: 0,
  finished: 0,
  epoch: 0,
  ...fields,
  size,
  popped: 0,
  bits: new Uint8Array(bytesFor(size)),
});

// Bit i is in byte i >> 3, the most significant bit first: the order of Redis's SETBIT, so the
// bitset Redis keeps is the bitset the page reads.
const maskOf = (i: number) => 0x80 >> (i & 7);

export const isPopped = (bits: Uint8Array, i: number) => ((bits[i >> 3] ?? 0) & maskOf(i)) !== 0;

/** Pops bubble i in `bits`; true when it was not popped before. */
export function setPopped(bits: Uint8Array, i: number): boolean {
  const byte = bits[i >> 3] ?? 0;
  const mask = maskOf(i);
  if (byte & mask) return false;
  bits[i >> 3] = byte | mask;
  return true;
}

/** How many bubbles of `bits` are popped. */
export function countPopped(bits: Uint8Array): number {
  let count = 0;
  for (const byte of bits) {
    let b = byte;
    while (b) {
      b &= b - 1;
      count++;
    }
  }
  return count;
}

/**
 * The sheet as one binary WebSocket message: a 28-byte header (a format byte, 3 spare bytes, then
 * sheet, seq, size, popped, finished and epoch as unsigned 32-bit little-endian numbers) and the
 * bitset: 1,278 bytes for 10,000 bubbles.
 */
const FORMAT = 1;
const HEADER = 28;

export function encodeSheet(state: Sheet): Uint8Array {
  const out = new Uint8Array(HEADER + state.bits.length);
  const view = new DataView(out.buffer);
  view.setUint8(0, FORMAT);
  [state.sheet, state.seq, state.size, state.popped, state.finished, state.epoch].forEach((value, k) => {
    view.setUint32(4 + 4 * k, value >>> 0, true);
  });
  out.set(state.bits, HEADER);
  return out;
}

/** The sheet from a binary message, or null when it is not one `encodeSheet` could have made. */
export function decodeSheet(data: ArrayBuffer | Uint8Array): Sheet | null {
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
  if (bytes.length < HEADER || bytes[0] !== FORMAT) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const [sheet, seq, size, popped, finished, epoch] = [0, 1, 2, 3, 4, 5].map((k) =>
    view.getUint32(4 + 4 * k, true),
  ) as [number, number, number, number, number, number];
  if (size < 1 || bytes.length !== HEADER + bytesFor(size) || popped > size) return null;
  return { sheet, seq, size, popped, finished, epoch, bits: bytes.slice(HEADER) };
}

/**
 * Applies numbered pops (a live channel's "pops" message) to `sheet`, in place. The bubbles it
 * newly pops are returned (`fresh`: a page screams for those someone else popped); `gap` says a
 * message was missed (the page then asks for the whole sheet), `stale` that the message is older
 * than what the page has, or for another sheet.
 */
export function applyPops(
  sheet: Sheet,
  message: { sheet: number; seq: number; i: readonly number[] },
): { fresh: number[]; gap: boolean; stale: boolean } {
  if (message.sheet !== sheet.sheet || message.seq <= sheet.seq) return { fresh: [], gap: false, stale: true };
  const gap = message.seq !== sheet.seq + 1;
  const fresh: number[] = [];
  for (const i of message.i) {
    if (i >= 0 && i < sheet.size && setPopped(sheet.bits, i)) {
      sheet.popped++;
      fresh.push(i);
    }
  }
  sheet.seq = message.seq;
  return { fresh, gap, stale: false };
}

/** The sheet after a "done" message: the next one, empty. */
export function nextSheet(sheet: Sheet, message: { sheet: number; seq: number; finished: number }): Sheet {
  return emptySheet(sheet.size, {
    sheet: message.sheet + 1,
    seq: message.seq,
    finished: message.finished,
    epoch: sheet.epoch,
  });
}

/** The sheet over plain HTTP (`GET BUBBLES_PATH`): the bitset in base64. */
export interface SheetJson {
  sheet: number;
  size: number;
  popped: number;
  finished: number;
  here: number;
  bits: string;
}

// The topic on the live channel (contracts/live.ts). Server -> page: the whole sheet as a binary
// frame (encodeSheet, in the topic's frame), then these, numbered (`seq`) so a page that comes back
// resumes from the last it saw.

export const BUBBLES_TOPIC = "bubbles";

/** The sheet's counts every few seconds (the page checks its sheet against them), and who is here. */
export const TICK_EVERY_MS = 5000;
export interface TickMessage {
  topic: typeof BUBBLES_TOPIC;
  t: "tick";
  sheet: number;
  seq: number;
  popped: number;
  finished: number;
  here: number;
}

/** Bubbles popped since the last message, on `sheet`. */
export interface PopsMessage {
  topic: typeof BUBBLES_TOPIC;
  t: "pops";
  sheet: number;
  seq: number;
  i: number[];
}

/** The last bubble of `sheet` popped: a fresh sheet for everyone (an empty one, numbered next). */
export interface DoneMessage {
  topic: typeof BUBBLES_TOPIC;
  t: "done";
  sheet: number;
  seq: number;
  finished: number;
}

// Page -> server.

/** Pops bubbles `i` (0-based) of `sheet`; `n` numbers the request, so the answer can be matched. */
export interface PopRequest {
  topic: typeof BUBBLES_TOPIC;
  t: "pop";
  n: number;
  sheet: number;
  i: number[];
}

/** Asks for the whole sheet again (the page found a gap in the sequence). */
export interface SyncRequest {
  topic: typeof BUBBLES_TOPIC;
  t: "sync";
}
