export interface Sign {
  name: string;
  symbol: string;
  /** The colour of the aura glow. */
  color: string;
  readings: readonly [string, string, string];
}

/** 12 signs, 3 readings each (spec section 9). */
export const SIGNS: readonly Sign[] = [
  {
    name: "Aries",
    symbol: "♈",
    color: "#ef4444",
    readings: [
      "Your aura is the colour of a fire alarm. Loud, important, slightly annoying.",
      "Your aura says 'main character', but the credits list you as 'Person at Bus Stop'.",
      "You radiate the energy of someone who just said 'hold my juice box'.",
    ],
  },
  {
    name: "Taurus",
    symbol: "♉",
    color: "#22c55e",
    readings: [
      "Your aura smells faintly of fresh bread. The universe wants a slice.",
      "Your aura is a comfy blanket that refuses to leave the couch.",
      "You glow like a snack drawer at midnight: warm and dangerous.",
    ],
  },
  {
    name: "Gemini",
    symbol: "♊",
    color: "#facc15",
    readings: [
      "Your aura has two tabs open and both are playing music.",
      "Your aura is a group chat with itself. It's very active.",
      "You radiate the vibe of starting three hobbies before lunch.",
    ],
  },
  {
    name: "Cancer",
    symbol: "♋",
    color: "#94a3b8",
    readings: [
      "Your aura is a nightlight shaped like a crab. Soft, protective, a little pinchy.",
      "Your aura cried at a commercial today. It was for insurance.",
      "You glow like a freshly laundered hoodie.",
    ],
  },
  {
    name: "Leo",
    symbol: "♌",
    color: "#f97316",
    readings: [
      "Your aura has ring lights. Plural.",
      "Your aura is a golden retriever in sunglasses.",
      "You radiate applause. Nobody is clapping, but still.",
    ],
  },
  {
    name: "Virgo",
    symbol: "♍",
    color: "#14b8a6",
    readings: [
      "Your aura is colour-coded and alphabetised.",
      "Your aura noticed the typo you just made. It is disappointed, not angry.",
      "You glow like a spreadsheet with perfect formulas.",
    ],
  },
  {
    name: "Libra",
    symbol: "♎",
    color: "#ec4899",
    readings: [
      "Your aura could not decide on a colour, so it is all of them, politely.",
      "Your aura is asking everyone where they want to eat. Nobody knows.",
      "You radiate the balance of a cat on a fence.",
    ],
  },
  {
    name: "Scorpio",
    symbol: "♏",
    color: "#7c3aed",
    readings: [
      "Your aura is wearing sunglasses indoors and knows something.",
      "Your aura left you on read. It's fine. It's mysterious.",
      "You glow like a candle in a room with dramatic music.",
    ],
  },
  {
    name: "Sagittarius",
    symbol: "♐",
    color: "#0ea5e9",
    readings: [
      "Your aura has a passport and no return ticket.",
      "Your aura just said something true at the worst possible moment.",
      "You radiate the energy of a road trip with no snacks planned.",
    ],
  },
  {
    name: "Capricorn",
    symbol: "♑",
    color: "#78716c",
    readings: [
      "Your aura scheduled this reading three weeks ago.",
      "Your aura has a five-year plan and a ten-year backup plan.",
      "You glow like a very responsible goat climbing a corporate ladder.",
    ],
  },
  {
    name: "Aquarius",
    symbol: "♒",
    color: "#06b6d4",
    readings: [
      "Your aura is a conspiracy theory that turned out to be right.",
      "Your aura invented a new colour and won't tell anyone its name.",
      "You radiate the vibe of a scientist who is also a little bit a wizard.",
    ],
  },
  {
    name: "Pisces",
    symbol: "♓",
    color: "#818cf8",
    readings: [
      "Your aura is daydreaming about a daydream.",
      "Your aura is a fish in a tiny hat. Whimsical. Damp.",
      "You glow like the ocean at sunset, if the ocean forgot its keys.",
    ],
  },
] as const;

export const NO_SIGN_MESSAGE = "You gotta pick a sign first, my dude. The cosmos can't read your mind... yet.";
