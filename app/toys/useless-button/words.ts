/** What the button says after each click. `{count}` becomes the visitor's click count. */
export const MESSAGES = [
  "Nothing happened. Again.",
  "Wow. Such click. Very useless.",
  "You've clicked {count} times. For what?",
  "Still nothing. Try harder?",
  "That click went straight into the void.",
  "Congratulations, you achieved nothing.",
  "Click {count}. Your ancestors are watching.",
  "I am a button. I have no purpose. Same.",
  "Please stop. Or don't. I can't feel.",
  "This click has been sent to /dev/null.",
  "Productivity level: button.",
  "{count} clicks and not one of them mattered.",
  "You could be learning a language right now.",
  "Error 200: everything is fine and pointless.",
  "Keep going. The button believes in you.",
  "Click harder, maybe it'll work this time.",
  "Achievement unlocked: nothing.",
  "Your mouse deserves a vacation.",
  "Breaking news: button still useless.",
  "{count}! That's a lot of nothing.",
  "Somewhere, a to-do list weeps.",
  "The button thanks you for your service.",
  "Nope. Nothing. Nada. Zilch.",
  "This is the best thing you'll do today.",
  "You have clicked {count} times. The button is unmoved.",
] as const;

/** The button's colours, in the order it cycles through them. */
export const GRADIENTS = [
  "from-pink-600 to-orange-600",
  "from-sky-600 to-indigo-700",
  "from-emerald-600 to-cyan-700",
  "from-orange-600 to-red-700",
  "from-fuchsia-600 to-purple-800",
  "from-green-600 to-teal-800",
  "from-rose-600 to-pink-800",
  "from-violet-600 to-blue-800",
] as const;

export const CONFETTI_COLORS = ["#f472b6", "#facc15", "#34d399", "#60a5fa", "#a78bfa", "#fb923c"] as const;
