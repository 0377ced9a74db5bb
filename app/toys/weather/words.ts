export interface Forecast {
  emoji: string;
  name: string;
  /** How it feels, in degrees of drama. */
  feelsLike: string;
  text: string;
}

/** Exactly 12 forecasts (spec section 9). */
export const FORECASTS: readonly Forecast[] = [
  {
    emoji: "🌧️",
    name: "Scattered Regret",
    feelsLike: "3° of 'why did I say that'",
    text: "Light showers of remembering something awkward from 2011. Bring an emotional umbrella.",
  },
  {
    emoji: "⛈️",
    name: "Thunderous Overthinking",
    feelsLike: "41° of spiralling",
    text: "Storms building over a text that just said 'ok.' Expect lightning-fast assumptions.",
  },
  {
    emoji: "🌤️",
    name: "Partly Motivated",
    feelsLike: "17° of 'maybe tomorrow'",
    text: "Brief sunny spells of ambition, quickly covered by a cloud of snacks.",
  },
  {
    emoji: "🌫️",
    name: "Dense Brain Fog",
    feelsLike: "9° of 'what was I doing'",
    text: "Visibility near zero before coffee. Walking into rooms for no reason is likely.",
  },
  {
    emoji: "🌪️",
    name: "Tornado of Tabs",
    feelsLike: "88° of chaos",
    text: "Forty-seven browser tabs forming a vortex. Stay indoors and close none of them.",
  },
  {
    emoji: "☀️",
    name: "Blazing Confidence",
    feelsLike: "99° of main character energy",
    text: "Clear skies and a strong breeze of 'I can totally do this'. Enjoy it while it lasts (about ten minutes).",
  },
  {
    emoji: "❄️",
    name: "Cold Shoulder Front",
    feelsLike: "-12° of passive aggression",
    text: "A chilly front moving in from the group chat. Frost on all replies.",
  },
  {
    emoji: "🌈",
    name: "Emotional Rainbow",
    feelsLike: "21° of every feeling at once",
    text: "Crying at a dog food commercial, then laughing about it. Perfectly normal conditions.",
  },
  {
    emoji: "🌬️",
    name: "Gusts of Nostalgia",
    feelsLike: "14° of 'remember when'",
    text: "Strong winds carrying the smell of your childhood kitchen. Secure loose memories.",
  },
  {
    emoji: "🔥",
    name: "Heatwave of Hunger",
    feelsLike: "102° of hangry",
    text: "Temperatures rising sharply before lunch. Approach with snacks only.",
  },
  {
    emoji: "🌙",
    name: "Midnight Existential Drizzle",
    feelsLike: "2° of 'what is it all for'",
    text: "Soft showers of big questions at 3 a.m. Clears by breakfast, usually.",
  },
  {
    emoji: "🌻",
    name: "Sunny With a Chance of Naps",
    feelsLike: "24° of cosy",
    text: "High pressure system of blankets. A 100% chance of closing your eyes 'for a second'.",
  },
] as const;
