import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { deflateRawSync } from "node:zlib";
import { VISITOR_TOKEN_PATTERN } from "../../contracts/live.ts";
import type { Backends } from "../ops/backends.ts";
import type { FleetLimiter } from "../ops/limiter.ts";

/**
 * Visitor tokens: who the server vouches a page is. A device id a page makes up is one vote per
 * string a bot invents; a token is one the server minted, at a limited rate per address and per
 * IPv6 /56, and signed, so a bot's new identity costs it a mint, and a made-up one is refused.
 *
 * A token is `payload.mac` in base64url: the payload is a version byte, 12 random bytes (the
 * visitor's id, which the limits and the votes are kept under) and the minute it was issued; the
 * mac is HMAC-SHA256 of the payload with the server's secret, cut to 16 bytes. Nothing about the
 * visitor is in it, and the server keeps nothing per token: checking one is a hash.
 *
 * - A token whose mac does not match (forged, or from another secret) or of another version is
 *   refused: the page is sent a new one.
 * - One older than MAX_AGE_MS is refused the same way; one older than RENEW_AFTER_MS is renewed
 *   (the same id, issued now), so a visitor who comes back keeps who they are.
 * - A replayed token gains nothing: every limit is counted on its id for the whole fleet, one vote
 *   per id, and past a few channels at once (sockets.ts) it is treated as not vouched for.
 *
 * The secret is VISITOR_SECRET when set (a fleet should set it); otherwise it is made once and
 * kept in the store (the SQLite file, or Redis with SET NX, so every server of a fleet shares
 * it), read with the store's deadline and again every few minutes; the one before stays valid.
 */
export const MAX_AGE_MS = 30 * 24 * 3600_000;
export const RENEW_AFTER_MS = 7 * 24 * 3600_000;
const VERSION = 1;
const ID_BYTES = 12;
const MAC_BYTES = 16;
const PAYLOAD_BYTES = 1 + ID_BYTES + 4;
const REREAD_SECRET_MS = 5 * 60_000;
/** Reads of the secret before pages are told to wait (a quarter second apart). */
const SECRET_TRIES = 8;

export interface VisitorTokens {
  /** The visitor a token names, or null when it is not one of ours (or too old). */
  read(token: string | null | undefined): Promise<{ id: string; renewed?: string } | null>;
  /**
   * A new visitor for a page from `keys` (its address, and its /56 for IPv6), when the mint limit
   * allows: its id and token; else how long until it may (ms).
   */
  mint(keys: readonly string[]): Promise<{ id: string; token: string } | { waitMs: number }>;
}

export function createVisitorTokens({
  secret: loadSecret,
  mintLimit,
  now = Date.now,
}: {
  /** The signing secret (loaded once, then again every few minutes); rejects while unknown. */
  secret: () => Promise<Buffer>;
  /** New tokens per address (and per /56), for the whole fleet. */
  mintLimit: FleetLimiter;
  now?: () => number;
}): VisitorTokens {
  let secrets: { current: Buffer; before?: Buffer; at: number } | null = null;
  let reading: Promise<void> | null = null;

  /**
   * Reads the secret (one read at a time for every page that waits for it). A store still
   * connecting (a server just started) is asked again a few times before the pages are told to
   * wait; a store away for a moment leaves the secret known in use.
   */
  function reread(): Promise<void> {
    reading ??= (async () => {
      for (let tries = 1; ; tries++) {
        try {
          const current = await loadSecret();
          const before = secrets && !secrets.current.equals(current) ? secrets.current : secrets?.before;
          secrets = { current, before, at: now() };
          return;
        } catch (error) {
          if (secrets || tries >= SECRET_TRIES) throw error;
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      }
    })().finally(() => {
      reading = null;
    });
    return reading;
  }

  async function keys(): Promise<Buffer[]> {
    if (!secrets || now() - secrets.at > REREAD_SECRET_MS) {
      try {
        await reread();
      } catch (error) {
        if (!secrets) throw error;
      }
    }
    const known = secrets as NonNullable<typeof secrets>;
    return known.before ? [known.current, known.before] : [known.current];
  }

  const mac = (key: Buffer, payload: Buffer) =>
    createHmac("sha256", key).update(payload).digest().subarray(0, MAC_BYTES);

  function issue(key: Buffer, id: Buffer): string {
    const payload = Buffer.alloc(PAYLOAD_BYTES);
    payload[0] = VERSION;
    id.copy(payload, 1);
    payload.writeUInt32BE(Math.floor(now() / 60_000), 1 + ID_BYTES);
    return `${payload.toString("base64url")}.${mac(key, payload).toString("base64url")}`;
  }

  return {
    async read(token) {
      if (typeof token !== "string" || !VISITOR_TOKEN_PATTERN.test(token)) return null;
      const [payloadText = "", macText = "", extra] = token.split(".");
      if (extra !== undefined) return null;
      const payload = Buffer.from(payloadText, "base64url");
      const given = Buffer.from(macText, "base64url");
      if (payload.length !== PAYLOAD_BYTES || given.length !== MAC_BYTES || payload[0] !== VERSION) return null;
      const known = await keys();
      if (!known.some((key) => timingSafeEqual(mac(key, payload), given))) return null;
      const age = now() - payload.readUInt32BE(1 + ID_BYTES) * 60_000;
      if (age > MAX_AGE_MS || age < -60_000) return null;
      const id = payload.subarray(1, 1 + ID_BYTES);
      const visitor = { id: id.toString("base64url") };
      return age > RENEW_AFTER_MS ? { ...visitor, renewed: issue(known[0] as Buffer, id) } : visitor;
    },
    async mint(limitKeys) {
      let waitMs = 0;
      for (const key of limitKeys) waitMs = Math.max(waitMs, await mintLimit.take(key));
      if (waitMs > 0) return { waitMs };
      const [key] = await keys();
      const id = randomBytes(ID_BYTES);
      return { id: id.toString("base64url"), token: issue(key as Buffer, id) };
    },
  };
}

/** The shortest VISITOR_SECRET taken: 32 characters (a random 24 bytes in base64 is). */
export const MIN_SECRET_CHARS = 32;
/** What an operator is told to run for a VISITOR_SECRET. */
export const MAKE_SECRET = "openssl rand -base64 48";

/**
 * Words of an example or a placeholder. A random string holds one rarely: in any case each letter
 * is 2 of base64's 64 characters, so "passw" is one position in 3 * 10^7, and a secret made by
 * `openssl rand -base64 48` is refused about once in 500,000 (the operator is told to make another;
 * hex never holds one).
 */
const PLACEHOLDER_WORDS = /change|secret|passw|example|placeholder|openssl|replace|your-?own|default|insert/i;

/**
 * Whether a VISITOR_SECRET looks made by a random source: no word of an example or a placeholder
 * (the shipped env file's `change-me-to-the-output-of-openssl-rand-base64-48` is 49 characters and
 * would sign tokens with a key anyone can read), at least 120 bits as its characters' frequencies
 * count them (length times their entropy: `openssl rand -base64 48` gives about 370, `-hex 32`
 * about 245, 24 random bytes in base64url at least 130; "s" forty times 0), and at least 24 bytes
 * left by deflate (a random 32 characters leave 34; "0123456789" four times 15).
 */
export function randomEnough(secret: string): boolean {
  if (PLACEHOLDER_WORDS.test(secret)) return false;
  const counts = new Map<string, number>();
  for (const char of secret) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bitsPerChar = 0;
  for (const count of counts.values()) {
    const p = count / secret.length;
    bitsPerChar -= p * Math.log2(p);
  }
  return bitsPerChar >= 3 && bitsPerChar * secret.length >= 120 && deflateRawSync(secret).length >= 24;
}

/**
 * The signing secret: `configured` when set, else one made once and kept in the store, so every
 * server of a fleet (and the same server after a restart) signs alike. Each read has the store's
 * deadline.
 */
export function storedSecret(backends: Backends, configured: string | undefined): () => Promise<Buffer> {
  if (configured) {
    const secret = Buffer.from(configured);
    return async () => secret;
  }
  const made = randomBytes(32).toString("base64url");
  if (backends.kind === "redis") {
    const key = "{pointless}:visitor-secret";
    return () =>
      backends.guard.run(async () => {
        const client = backends.redis();
        await client.set(key, made, { condition: "NX" });
        const kept = await client.get(key);
        if (typeof kept !== "string" || kept.length < MIN_SECRET_CHARS) throw new Error("no visitor secret in Redis");
        return Buffer.from(kept);
      });
  }
  return () =>
    backends.guard.run(() => {
      const db = backends.sqlite();
      db.exec(
        "CREATE TABLE IF NOT EXISTS visitor_secret (id INTEGER PRIMARY KEY CHECK (id = 1), secret TEXT NOT NULL)",
      );
      db.prepare("INSERT INTO visitor_secret (id, secret) VALUES (1, ?) ON CONFLICT (id) DO NOTHING").run(made);
      const row = db.prepare("SELECT secret FROM visitor_secret WHERE id = 1").get() as { secret: string } | undefined;
      if (!row) throw new Error("no visitor secret in SQLite");
      return Buffer.from(row.secret);
    });
}
