export interface Fact {
  title: string;
  fact: string;
}

/** Exactly 10 facts (spec section 9), each obviously untrue. */
export const FACTS: readonly Fact[] = [
  {
    title: "Clouds",
    fact: "Clouds are sheep that passed their flying exam. The rain is them crying about the written part.",
  },
  { title: "The Moon", fact: "The Moon is a nightlight the Earth installed after a bad dream in 1974." },
  {
    title: "Penguins",
    fact: "Penguins wear tuxedos because they are always on their way to a wedding they were not invited to.",
  },
  { title: "Wi-Fi", fact: "Wi-Fi is short for 'Why, Fiona?', the first words spoken when the signal dropped in 1999." },
  { title: "Bananas", fact: "Bananas are curved because they are trying to look at you. Please look back." },
  { title: "Mondays", fact: "Mondays were invented by a calendar that needed a villain." },
  {
    title: "Cats",
    fact: "Cats knock things off tables to test gravity. Results remain inconclusive, so the research continues.",
  },
  { title: "Socks", fact: "Lost socks migrate south for the winter and return as lost gloves." },
  { title: "Volcanoes", fact: "Volcanoes are mountains that got too excited about a joke and could not hold it in." },
  {
    title: "Sleep",
    fact: "Sleep is just your brain closing all its tabs. Dreams are the 'restore previous session' button.",
  },
] as const;
