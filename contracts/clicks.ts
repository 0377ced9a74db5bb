/**
 * What the Useless Button's page and the site's server agree on for the global click counter. Both
 * sides import this file; it imports nothing, so the page can use it on any host.
 *
 * Each browser keeps a ledger: a random device id, how many clicks it has made in all (`made`) and
 * how many of them the server has confirmed (`acked`). It sends the range it has not seen confirmed,
 * `{ device, from: acked, to: made }`, and the server counts only what lies beyond the highest `to`
 * it has recorded for that device. So a send repeated (a lost answer, a beacon as the page leaves,
 * two tabs at once) is counted once, a send may grow between tries, and the server remembers one
 * number per device instead of one id per batch (docs/decisions/0002-counter-ledger.md).
 */

/** `GET` answers the total; `POST` counts a send. */
export const CLICKS_PATH = "/api/clicks";

/** Whether `value` is a whole number a counter could hold (a total, a device's count). */
export const isCount = (value: unknown): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= 0;

/** Nobody clicks more than 25 times a second for two seconds: a send counts at most this many. */
export const MAX_CLICKS_PER_SEND = 50;

/** A device id: what `crypto.randomUUID()` makes, or the fallback's letters, digits and dashes. */
export const DEVICE_ID = /^[A-Za-z0-9_-]{16,64}$/;

/** A send is a few dozen bytes; anything longer is refused before it is read. */
export const MAX_BODY_BYTES = 1024;

/** The page sends what it has every two seconds, and asks for the total every five while on screen. */
export const SEND_EVERY_MS = 2000;
export const REFRESH_EVERY_MS = 5000;

/** `POST CLICKS_PATH`: the clicks numbered `from + 1` to `to` on this device. */
export interface ClicksSend {
  device: string;
  /** Whole numbers, 0 <= from < to. */
  from: number;
  to: number;
}

/** The answer to a send: the new total, what this send added, and the device's confirmed count. */
export interface ClicksAck {
  total: number;
  counted: number;
  /** Every click of this device up to here is counted; the page sends from here next time. */
  acked: number;
}

/** `GET CLICKS_PATH`. */
export interface ClicksTotal {
  total: number;
}

/**
 * `GET CLICKS_PATH?device=<id>`: what the server has recorded for one device. A page asks before it
 * sends again clicks that went out by beacon and were never confirmed: the server may have counted
 * them, then forgotten the device (docs/decisions/0002-counter-ledger.md).
 */
export const DEVICE_QUERY = "device";

export interface ClicksDevice {
  total: number;
  /** Every click of this device up to here is counted; null: the server does not remember the device. */
  acked: number | null;
  /**
   * The server still remembers every device it has seen in this many milliseconds (it forgets
   * devices idle for 30 days, and the longest idle past a cap). A device unknown to it was not seen
   * within that time.
   */
  rememberedForMs: number;
}

/** Every refusal (4xx) and failure (5xx), in words a person can read. */
export interface ApiError {
  error: string;
}

/** The topic on the live channel (contracts/live.ts) that carries the total as it climbs. */
export const CLICKS_TOPIC = "clicks";

/** The global click total, when it changes. */
export interface ClicksMessage {
  topic: typeof CLICKS_TOPIC;
  t: "clicks";
  total: number;
}
