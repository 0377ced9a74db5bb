export interface Hotdog {
  name: string;
  toppings: string;
  mustard: string;
  ketchup: boolean;
  relish: boolean;
  rating: string;
}

/** One hotdog per weekday (Sunday first). */
export const HOTDOGS: readonly Hotdog[] = [
  {
    name: "The Sunday Snooze",
    toppings: "mustard and a nap",
    mustard: "#facc15",
    ketchup: false,
    relish: false,
    rating: "Would nap again",
  },
  {
    name: "The Monday Regret",
    toppings: "ketchup, mustard and mild despair",
    mustard: "#eab308",
    ketchup: true,
    relish: false,
    rating: "3/10, like Mondays",
  },
  {
    name: "The Taco Tuesday Impostor",
    toppings: "relish pretending to be salsa",
    mustard: "#fde047",
    ketchup: true,
    relish: true,
    rating: "Identity crisis, delicious",
  },
  {
    name: "The Midweek Classic",
    toppings: "mustard, ketchup and relish",
    mustard: "#facc15",
    ketchup: true,
    relish: true,
    rating: "A solid hotdog. No notes.",
  },
  {
    name: "The Thursday Thinker",
    toppings: "mustard in a thoughtful zigzag",
    mustard: "#ca8a04",
    ketchup: false,
    relish: true,
    rating: "Deep. Meaty. Philosophical.",
  },
  {
    name: "The Friday Feeling",
    toppings: "everything, twice",
    mustard: "#facc15",
    ketchup: true,
    relish: true,
    rating: "11/10, it's the weekend",
  },
  {
    name: "The Saturday Special",
    toppings: "ketchup and unearned confidence",
    mustard: "#fef08a",
    ketchup: true,
    relish: false,
    rating: "Chef's kiss (the chef is a raccoon)",
  },
];

/** Today's hotdog, by the visitor's weekday. */
export function hotdogOfTheDay(date: Date): Hotdog {
  return HOTDOGS[date.getDay()] as Hotdog;
}

export function hotdogAlt(hotdog: Hotdog): string {
  return `Drawing of ${hotdog.name}: a sausage in a bun with ${hotdog.toppings}`;
}
