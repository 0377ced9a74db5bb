import { afterEach, describe, expect, it } from "vitest";
import { PAGE_ID } from "../../../contracts/claps";
import { DEVICE_ID } from "../../../contracts/clicks";
import { DEVICE_ID as POLLS_DEVICE_ID } from "../../../contracts/polls";
import { PAINT_ID } from "../../../contracts/wall";
import { seededRandom } from "./random";
import { randomId } from "./random-id";

const RULES = { DEVICE_ID, POLLS_DEVICE_ID, PAGE_ID, PAINT_ID };
const saved = globalThis.crypto;
const withCrypto = (value: unknown) => Object.defineProperty(globalThis, "crypto", { value, configurable: true });

describe("randomId", () => {
  afterEach(() => withCrypto(saved));

  it("makes ids every rule of the server takes, with crypto.randomUUID, crypto alone, or no crypto", () => {
    for (const crypto of [saved, { getRandomValues: saved.getRandomValues.bind(saved) }, {}, undefined]) {
      withCrypto(crypto);
      const id = randomId(seededRandom(6));
      for (const [name, rule] of Object.entries(RULES)) expect(id, name).toMatch(rule);
      expect(randomId()).not.toBe(randomId());
    }
  });

  it("draws from the randomness it is given when there is no crypto", () => {
    withCrypto(undefined);
    expect(randomId(seededRandom(6))).toBe(randomId(seededRandom(6)));
    expect(randomId(seededRandom(6))).not.toBe(randomId(seededRandom(7)));
  });
});
