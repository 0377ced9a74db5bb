export interface Quote {
  quote: string;
  author: string;
}

/** The 15 handwritten quotes. */
export const HANDWRITTEN: readonly Quote[] = [
  { quote: "If at first you don't succeed, redefine success.", author: "A motivational poster, on sale" },
  { quote: "Always follow your dreams. Except the one where you forgot your pants.", author: "Uncle Gary" },
  {
    quote: "Why do today what you can put off until the heat death of the universe?",
    author: "Professional Procrastinator",
  },
  { quote: "Be yourself. Unless you can be a cat. Then be a cat.", author: "A cat" },
  {
    quote: "Dance like nobody's watching. Because they're not. They're on their phones.",
    author: "Modern Philosopher",
  },
  { quote: "The early bird gets the worm, but the second mouse gets the cheese.", author: "A well-fed mouse" },
  { quote: "Never trust a stair. They're always up to something.", author: "Ground Floor Resident" },
  { quote: "If life gives you lemons, squirt someone in the eye.", author: "Anonymous Lemon Enthusiast" },
  { quote: "You miss 100% of the naps you don't take.", author: "Sleepy Wayne Gretzky" },
  { quote: "Reach for the stars. Then put them back, they're very hot.", author: "Safety Officer" },
  { quote: "Eat a salad. Then eat a cake to balance the universe.", author: "Nutritional Chaos Agent" },
  { quote: "When one door closes, it was probably the wind.", author: "Realistic Optimist" },
  { quote: "Work hard in silence. Let your typos make the noise.", author: "Autocorrect" },
  { quote: "A journey of a thousand miles begins with checking if you left the oven on.", author: "Anxious Traveller" },
  { quote: "Believe in yourself. Nobody else is going to do it for free.", author: "Life Coach, hourly rate" },
] as const;

/** Parts of the generated quotes: "{opener} {advice}, {ending}." by "{who} {role}". */
export const OPENERS = [
  "Always",
  "Never",
  "Sometimes",
  "Only on Tuesdays,",
  "Before breakfast,",
  "In a crisis,",
  "When in doubt,",
  "Trust me:",
  "Legally speaking,",
  "Between you and me,",
] as const;
export const ADVICE = [
  "argue with a pigeon",
  "microwave your problems",
  "whisper your password to a plant",
  "reply 'k' to important emails",
  "wear socks with sandals",
  "take financial advice from a fortune cookie",
  "skip the tutorial",
  "alphabetise your snacks",
  "press every button in the elevator",
  "high-five a stranger's dog",
] as const;
export const ENDINGS = [
  "because that's how legends are made",
  "and the universe will pay you back in coupons",
  "for the plot",
  "and never explain yourself",
  "then take a nap about it",
  "unless it's raining",
  "and call it self-care",
  "and watch your enemies get mildly confused",
  "because science said so, probably",
  "and see what happens",
] as const;
export const WHO = [
  "Dave",
  "Grandma Pat",
  "Sir Reginald",
  "Doctor Nobody",
  "Tiffany",
  "Chad",
  "A raccoon named Kevin",
  "Lady Fluffington",
  "Professor Snacks",
  "Your neighbour",
] as const;
/** 10 000 generated quotes = 10 openers x 10 advice x 10 endings x 10 authors (spec section 9). */
export const GENERATED_COUNT = OPENERS.length * ADVICE.length * ENDINGS.length * WHO.length;
