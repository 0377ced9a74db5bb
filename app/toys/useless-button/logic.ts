import { pickOne, type Random, randomBetween, randomInt } from "../../kit/lib/random";
import { type Doubt, shownTotal } from "./doubt";

export const MILESTONE_EVERY = 10;
export const MILESTONE_TOAST_MS = 3000;
export const ADDICTED_AFTER = 50;
export const CONFETTI_COUNT = 12;
export const CONFETTI_MS = 1000;
export const DEGREES_PER_CLICK = 360;

/** Puts the click count into a message's `{count}` placeholder. */
export function fillCount(message: string, count: number): string {
  return message.replaceAll("{count}", String(count));
}

/** Every 10th personal click is a milestone. */
export function isMilestone(personalClicks: number): boolean {
  return personalClicks > 0 && personalClicks % MILESTONE_EVERY === 0;
}

/** The last milestone reached by the clicks after `before` up to `after`, or null. */
export function milestoneBetween(before: number, after: number): number | null {
  const last = after - (after % MILESTONE_EVERY);
  return last > before && isMilestone(last) ? last : null;
}

/** Over 50 personal clicks the visitor is officially addicted. */
export function isAddicted(personalClicks: number): boolean {
  return personalClicks > ADDICTED_AFTER;
}

export function milestoneDescription(personalClicks: number): string {
  return `You've wasted ${personalClicks} clicks on a button that does nothing. Proud of you.`;
}

/** The gradient `steps` on from `index` of `total`, cycling. */
export function nextGradient(index: number, total: number, steps = 1): number {
  return (index + steps) % total;
}

export interface ConfettiPiece {
  /** Where it flies to, in px from the button's centre. */
  dx: number;
  dy: number;
  rotate: number;
  color: string;
}

/** 12 pieces spread evenly around the circle, each with a random distance, spin and colour. */
export function makeConfetti(colors: readonly string[], random: Random): ConfettiPiece[] {
  return Array.from({ length: CONFETTI_COUNT }, (_, i) => {
    const angle = (i / CONFETTI_COUNT) * Math.PI * 2 + randomBetween(-0.2, 0.2, random);
    const distance = randomBetween(110, 200, random);
    return {
      dx: Math.round(Math.cos(angle) * distance),
      dy: Math.round(Math.sin(angle) * distance),
      rotate: randomInt(-360, 360, random),
      color: pickOne(colors, random),
    };
  });
}

/** A random pitch for the click tone, between A3 and A5. */
export function clickToneFrequency(random: Random): number {
  return Math.round(randomBetween(220, 880, random));
}

/** What the global counter's badge says, given the counter's state and this device's own count. */
export interface CounterDisplay {
  label: string;
  value: number | null;
  /** Clicks that wait to be sent (made offline, or their last send failed), when there are some. */
  waiting: number;
  /** A longer word on what the number is. */
  note: string;
}

export function counterDisplay(
  counter: Doubt & {
    total: number | null;
    pending: number;
    mode: "connecting" | "live" | "offline" | "local";
    sendFailing: boolean;
  },
  deviceClicks: number | null,
): CounterDisplay {
  // No service, or offline before the server ever answered: the honest number is this device's.
  if (counter.mode === "local" || (counter.mode === "offline" && counter.total === null)) {
    return {
      label: "Clicks on this device",
      value: deviceClicks,
      waiting: 0,
      note: "The global counter is out of reach: these are this device's clicks.",
    };
  }
  return {
    label: "Global clicks",
    value: counter.total === null ? null : shownTotal(counter.total, counter.pending, counter),
    waiting: counter.mode === "offline" || counter.sendFailing ? counter.pending : 0,
    note: "Every click on this button, by everyone, everywhere.",
  };
}
