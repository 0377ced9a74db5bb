/** Breakup lines: absurd, kind, never mean. */
export const BREAKUP_QUOTES = [
  "It's not you, it's me. Mostly my Wi-Fi. It only connects to people who live closer to the router.",
  "I need some space. Specifically, the left side of the couch, forever.",
  "We've grown apart. You grew two inches and I grew a sourdough starter.",
  "I think we should see other people. I have already seen them. They seem nice.",
  "You deserve someone who laughs at your jokes. I am going to go find that person for you.",
  "My horoscope said to let go of things that no longer serve me. You do not serve pancakes.",
  "I'm breaking up with you the way a cookie breaks up with a glass of milk: softly and completely.",
  "This relationship is like a screensaver. Pretty, but nobody is actually using it.",
  "I've decided to focus on my career as a professional napper.",
  "Our love is like a phone charger cable: it only works if I hold it at a very specific angle.",
  "You're a 10, but I'm looking for a number that rhymes with 'leaving'.",
  "I'm not ghosting you. I'm just becoming a slightly translucent version of myself.",
  "We both know the cat chose me in the custody hearing we never had.",
  "I'm returning your hoodie. The memories were non-refundable.",
  "Let's stay friends. The kind who like each other's posts from 2019 by accident.",
] as const;
