export interface TriviaItem {
  q: string;
  /** Four answers, shown as A to D. The third one (C) is always right. */
  a: readonly [string, string, string, string];
}

/** Ten questions (spec section 9). The correct answer is C. Obviously. */
export const TRIVIA: readonly TriviaItem[] = [
  { q: "What is the capital of France?", a: ["Paris", "Baguette City", "C", "Lyon"] },
  { q: "How many legs does a spider have?", a: ["8", "Six and a spare", "C", "Depends on the spider's mood"] },
  { q: "What colour is the sky?", a: ["Blue", "Sky-coloured", "C", "Grey, it's Monday"] },
  { q: "What is 2 + 2?", a: ["4", "22", "C", "Fish"] },
  { q: "Who painted the Mona Lisa?", a: ["Leonardo da Vinci", "A very patient cat", "C", "Mona herself"] },
  { q: "What is the largest ocean?", a: ["Pacific", "The one with the most water", "C", "Bath time"] },
  { q: "Which planet is known as the Red Planet?", a: ["Mars", "Tomato Prime", "C", "Planet Blush"] },
  { q: "What do bees make?", a: ["Honey", "Buzzwords", "C", "Tiny little decisions"] },
  { q: "How many days are in a week?", a: ["7", "Too many Mondays", "C", "Eight, with brunch"] },
  { q: "What is frozen water called?", a: ["Ice", "Cold water, but committed", "C", "Water's final form"] },
] as const;
