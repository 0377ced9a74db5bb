import type { Random } from "../../kit/lib/random";
import { NO_SIGN_MESSAGE, SIGNS, type Sign } from "./words";

export type AuraResult = { ok: false; message: string } | { ok: true; sign: Sign; reading: string };

/**
 * One of the chosen sign's three readings; never the same reading twice in a row for a sign.
 * No sign chosen: the spec's friendly refusal.
 */
export function readAura(signName: string | null, previous: string | null, random: Random): AuraResult {
  const sign = SIGNS.find((s) => s.name === signName);
  if (!sign) return { ok: false, message: NO_SIGN_MESSAGE };
  const choices = sign.readings.filter((r) => r !== previous);
  return { ok: true, sign, reading: choices[Math.floor(random() * choices.length)] as string };
}
