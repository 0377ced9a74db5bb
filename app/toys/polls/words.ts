export interface Poll {
  q: string;
  a: readonly [string, string, string];
}

/** Five polls, three answers each (spec sections 3 and 9). */
export const POLLS: readonly Poll[] = [
  { q: "Is a hot dog a sandwich?", a: ["Yes", "No", "It's a taco, wake up"] },
  { q: "How many ducks could you fight?", a: ["One horse-sized duck", "A hundred duck-sized horses", "I am the duck"] },
  { q: "Best way to eat cereal?", a: ["Milk first", "Cereal first", "Straight from the box at 2 a.m."] },
  { q: "Should socks have pockets?", a: ["Obviously", "Absolutely not", "Only left socks"] },
  { q: "What do clouds taste like?", a: ["Cotton candy", "Tap water", "Disappointment"] },
] as const;
