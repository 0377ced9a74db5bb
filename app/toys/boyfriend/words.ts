/** The first message (spec section 4). */
export const GREETING = "Heyyyy~";

/** The nine canned replies (spec section 9). */
export const REPLIES = [
  "omg that's so interesting 😍 anyway",
  "haha yeah 💕",
  "wow you're like, so smart",
  "brb my mom is calling me for dinner 🍝",
  "that's crazy. anyway what's your favourite colour",
  "I was literally just thinking about that. or something else. love u",
  "k 👍",
  "sorry I was updating my firmware, what did u say?",
  "you're the best human I've ever been programmed to talk to 🥺",
] as const;
