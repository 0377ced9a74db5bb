import { pickOne, type Random } from "../../kit/lib/random";

export const FLOORS = Array.from({ length: 12 }, (_, i) => i + 1);
/** The elevator's toast stays 2 s (spec section 9). */
export const ELEVATOR_TOAST_MS = 2000;

export const EXCUSES = [
  "The elevator has considered your request and declined.",
  "Please hold. Your floor is important to us.",
  "Going up! Just kidding. Going nowhere.",
  "Out of order since 1987. Thank you for your patience.",
  "The elevator is on a coffee break.",
  "This floor is a social construct.",
  "Doors closing… doors opening… doors closing…",
  "Please take the stairs. They miss you.",
] as const;

/** The toast for a floor press: the elevator acknowledges the floor and goes nowhere. */
export function floorToast(floor: number, random: Random): { title: string; description: string } {
  return { title: `Floor ${floor}`, description: pickOne(EXCUSES, random) };
}
