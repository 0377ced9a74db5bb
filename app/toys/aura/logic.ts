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

/** The link that opens a reading: the sign and which of its readings, nothing stored anywhere. */
export function auraLink(result: { sign: Sign; reading: string }): string {
  const index = result.sign.readings.indexOf(result.reading);
  return `/aura?${new URLSearchParams({ sign: result.sign.name, reading: String(index + 1) })}`;
}

/** The reading a shared link names, or null when the link names none (or nonsense). */
export function auraFromLink(search: string): AuraResult | null {
  const params = new URLSearchParams(search);
  const sign = SIGNS.find((s) => s.name === params.get("sign"));
  const number = Number(params.get("reading") ?? Number.NaN);
  const reading = sign && Number.isInteger(number) ? sign.readings[number - 1] : undefined;
  return sign && reading ? { ok: true, sign, reading } : null;
}

/** The words a visitor shares. */
export function auraShareText(result: { sign: Sign; reading: string }): string {
  return `My ${result.sign.name} aura: ${result.reading}`;
}
