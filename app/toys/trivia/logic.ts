import { type Random, shuffled } from "../../kit/lib/random";

export const LABELS = ["A", "B", "C", "D"] as const;
export const CORRECT_INDEX = 2;
/** Both answer toasts last 2 s (spec section 9). */
export const TRIVIA_TOAST_MS = 2000;

export interface Feedback {
  title: string;
  description: string;
  variant: "default" | "destructive";
}

/** Answer C is right, any other is wrong (spec section 4). */
export function feedbackFor(answerIndex: number): Feedback {
  return answerIndex === CORRECT_INDEX
    ? { title: "Correct!", description: "Wow, you're a genius!", variant: "default" }
    : { title: "Wrong!", description: "The correct answer was C. Obviously.", variant: "destructive" };
}

/** The questions' order for one game. */
export function questionOrder(count: number, random: Random): number[] {
  return shuffled(
    Array.from({ length: count }, (_, i) => i),
    random,
  );
}
