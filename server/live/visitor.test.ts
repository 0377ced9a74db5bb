import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { VISITOR_TOKEN_PATTERN } from "../../contracts/live.ts";
import type { FleetLimiter } from "../ops/limiter.ts";
import { testBackends } from "../test/stores.ts";
import { createVisitorTokens, MAX_AGE_MS, RENEW_AFTER_MS, storedSecret } from "./visitor.ts";

/** Visitor tokens on their own: what is taken, what is refused, and where the secret lives. */
const allow: FleetLimiter = { take: async () => 0 };
const secretOf = (text: string) => async () => Buffer.from(text.padEnd(32, "."));

function tokens({ secret = secretOf("one secret"), mintLimit = allow } = {}) {
  let now = Date.UTC(2026, 10, 27);
  const made = createVisitorTokens({ secret, mintLimit, now: () => now });
  return { tokens: made, later: (ms: number) => (now += ms) };
}

async function minted(made: ReturnType<typeof tokens>["tokens"]) {
  const result = await made.mint(["192.0.2.1"]);
  if (!("token" in result)) throw new Error("not minted");
  return result;
}

describe("visitor tokens", () => {
  it("names the visitor they were minted for, in the form pages keep, and no two alike", async () => {
    const { tokens: made } = tokens();
    const one = await minted(made);
    const two = await minted(made);
    expect(one.token).toMatch(VISITOR_TOKEN_PATTERN);
    expect(one.id).not.toBe(two.id);
    expect(await made.read(one.token)).toEqual({ id: one.id });
    expect(await made.read(two.token)).toEqual({ id: two.id });
  });

  it("refuses a forged token: a changed byte, another secret, another version, or any string at all", async () => {
    const { tokens: made } = tokens();
    const { token } = await minted(made);
    const [payload = "", mac = ""] = token.split(".");
    const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === "A" ? "B" : "A") + text.slice(at + 1);
    for (const forged of [
      `${flip(payload, 3)}.${mac}`,
      `${payload}.${flip(mac, 5)}`,
      `${payload}.${mac}.${mac}`,
      `${payload}`,
      `${Buffer.from(payload, "base64url").fill(2, 0, 1).toString("base64url")}.${mac}`,
    ]) {
      expect(await made.read(forged), forged).toBeNull();
    }
    const { tokens: elsewhere } = tokens({ secret: secretOf("another secret") });
    expect(await elsewhere.read(token)).toBeNull();
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), fc.stringMatching(VISITOR_TOKEN_PATTERN)), async (text) => {
        expect(await made.read(text)).toBeNull();
      }),
      { seed: 20261127, numRuns: 500 },
    );
    for (const nothing of [null, undefined, ""]) expect(await made.read(nothing)).toBeNull();
  });

  it("renews a token a week old with the same visitor, and refuses one past a month", async () => {
    const { tokens: made, later } = tokens();
    const { id, token } = await minted(made);
    later(RENEW_AFTER_MS + 60_000);
    const read = await made.read(token);
    expect(read?.id).toBe(id);
    expect(read?.renewed).toMatch(VISITOR_TOKEN_PATTERN);
    expect(await made.read(read?.renewed)).toEqual({ id });
  });

  it("takes a token until it is exactly MAX_AGE_MS old, and not a millisecond after", async () => {
    // Minted on a whole minute (the token keeps the minute it was issued), so its age is exact.
    const { tokens: made, later } = tokens();
    const { id, token } = await minted(made);
    later(MAX_AGE_MS - 1);
    expect(await made.read(token)).toEqual({ id, renewed: expect.stringMatching(VISITOR_TOKEN_PATTERN) });
    later(1);
    expect(await made.read(token)).toEqual({ id, renewed: expect.stringMatching(VISITOR_TOKEN_PATTERN) });
    later(1);
    expect(await made.read(token)).toBeNull();
  });

  it("mints no faster than the limit of every key it is given (an address, its /56), wherever the spent one is", async () => {
    const keys = ["2001:db8:0:1::/64", "2001:db8:0:100::/56", "198.51.100.7"];
    for (const [at, spent] of keys.entries()) {
      const asked: string[] = [];
      const { tokens: made } = tokens({
        mintLimit: {
          take: async (key) => {
            asked.push(key);
            return key === spent ? 4000 : 0;
          },
        },
      });
      expect(await made.mint(keys), `the key at ${at} spent`).toEqual({ waitMs: 4000 });
      // Every key is asked (each spends its share), whichever said no.
      expect(asked, `the key at ${at} spent`).toEqual(keys);
    }
    // Two keys spent: the longer wait is the answer, in either order.
    const waits = new Map([
      ["2001:db8:0:1::/64", 9000],
      ["2001:db8:0:100::/56", 4000],
    ]);
    const { tokens: made } = tokens({ mintLimit: { take: async (key) => waits.get(key) ?? 0 } });
    expect(await made.mint(["2001:db8:0:1::/64", "2001:db8:0:100::/56"])).toEqual({ waitMs: 9000 });
    expect(await made.mint(["2001:db8:0:100::/56", "2001:db8:0:1::/64"])).toEqual({ waitMs: 9000 });
    expect(await made.mint(["2001:db8:0:2::/64", "2001:db8:0:200::/56"])).toHaveProperty("token");
  });

  it("reads the secret again, signs with the new one, and keeps the tokens of the secret before valid", async () => {
    let secret = "the first secret";
    const { tokens: made, later } = tokens({ secret: async () => Buffer.from(secret.padEnd(32, ".")) });
    const before = await minted(made);
    secret = "the second secret";
    later(10 * 60_000);
    const after = await minted(made);
    expect(await made.read(before.token)).toEqual({ id: before.id });
    expect(await made.read(after.token)).toEqual({ id: after.id });
    // The new token is signed with the new secret (the secret was read again), not the first.
    const onlyWith = (text: string) => {
      const other = tokens({ secret: secretOf(text) });
      other.later(10 * 60_000);
      return other.tokens;
    };
    const firstOnly = onlyWith("the first secret");
    const secondOnly = onlyWith("the second secret");
    expect(await secondOnly.read(after.token)).toEqual({ id: after.id });
    expect(await firstOnly.read(after.token)).toBeNull();
    expect(await secondOnly.read(before.token)).toBeNull();
  });

  it("refuses to vouch for anyone while no secret could be read", async () => {
    const { tokens: made } = tokens({ secret: () => Promise.reject(new Error("store away")) });
    await expect(made.mint(["192.0.2.1"])).rejects.toThrow("store away");
  });
});

describe.each(testBackends)("the signing secret kept in %s", (_, open) => {
  const cleanUps: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanUp of cleanUps.splice(0)) await cleanUp();
  });

  it("is made once and shared: two servers (or one restarted) sign alike, and VISITOR_SECRET wins", async () => {
    const { backends, cleanUp } = await open();
    cleanUps.push(cleanUp);
    const first = await storedSecret(backends, undefined)();
    const second = await storedSecret(backends, undefined)();
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(second.equals(first)).toBe(true);
    const configured = await storedSecret(backends, "a configured secret of forty characters!")();
    expect(configured.toString()).toBe("a configured secret of forty characters!");
  });
});
