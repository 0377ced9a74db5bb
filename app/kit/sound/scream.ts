import { type Random, randomBetween } from "../lib/random";
import { playTone } from "./sound";

/** A tiny synthesized shriek: a quick upward squeal (a popped bubble's, on both bubble sheets). */
export function screamSound(random: Random, volume = 0.12) {
  const frequency = randomBetween(700, 1300, random);
  return {
    frequency,
    glideTo: frequency * randomBetween(1.8, 2.6, random),
    duration: 0.22,
    type: "sawtooth" as const,
    volume,
  };
}

/** A bubble screams as it pops. */
export const playScream = (volume?: number) => playTone(screamSound(Math.random, volume));
