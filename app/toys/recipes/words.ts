export interface Recipe {
  name: string;
  ingredients: readonly string[];
  steps: readonly string[];
}

/** Sandwich recipes. Please do not make them. */
export const RECIPES: readonly Recipe[] = [
  {
    name: "The Breakfast Regret",
    ingredients: ["2 slices of toast", "1 spoon of cereal", "A splash of orange juice"],
    steps: [
      "Pour the juice on the toast.",
      "Sprinkle the cereal like confetti.",
      "Eat it while apologising to the toaster.",
    ],
  },
  {
    name: "Cloud Club",
    ingredients: ["3 marshmallows", "1 rice cake", "A whisper of mustard"],
    steps: [
      "Stack the marshmallows on the rice cake.",
      "Whisper 'mustard' at it.",
      "Serve to someone who has wronged you, gently.",
    ],
  },
  {
    name: "The Pickle Parade",
    ingredients: ["7 pickles", "1 hot dog bun", "Applause"],
    steps: ["Line the pickles up in the bun.", "Applaud each one.", "Eat the bun. Keep the pickles as pets."],
  },
  {
    name: "Spaghetti Sub",
    ingredients: ["1 baguette", "Leftover spaghetti", "A napkin (you'll need it)"],
    steps: ["Stuff the spaghetti in the baguette.", "Slurp from one end.", "Use the napkin on your whole face."],
  },
  {
    name: "Ice Cream BLT",
    ingredients: ["Bacon", "Lettuce", "Tomato", "Vanilla ice cream instead of bread"],
    steps: ["Build a BLT between two scoops.", "Work fast.", "Accept that you are now wearing it."],
  },
  {
    name: "The Sad Desk Lunch",
    ingredients: ["1 cracker", "Half a cheese slice", "An unread email"],
    steps: ["Place the cheese on the cracker.", "Read the email.", "Lose your appetite. Done."],
  },
  {
    name: "Peanut Butter Jellyfish",
    ingredients: ["Peanut butter", "Blue jelly", "Gummy worms"],
    steps: ["Spread the jelly like an ocean.", "Add peanut butter islands.", "Let the gummy worms swim freely."],
  },
  {
    name: "Cereal Melt",
    ingredients: ["2 slices of bread", "Cornflakes", "Cheddar"],
    steps: [
      "Grill the cheese with cornflakes inside.",
      "Listen to the crunch.",
      "Question every choice that led here.",
    ],
  },
  {
    name: "The Inside-Out",
    ingredients: ["1 slice of ham", "2 slices of bread", "Toothpicks"],
    steps: ["Wrap the ham around the bread.", "Secure with toothpicks.", "Call it innovation."],
  },
  {
    name: "Soup Sandwich",
    ingredients: ["Tomato soup", "2 slices of bread", "Optimism"],
    steps: ["Pour soup between the bread.", "Hold it very, very still.", "Eat it over the sink, with optimism."],
  },
  {
    name: "Birthday Surprise",
    ingredients: ["Cake", "Mayonnaise", "1 candle"],
    steps: ["Make a sandwich of cake and mayo.", "Light the candle.", "Make a wish that you had not done this."],
  },
  {
    name: "The Minimalist",
    ingredients: ["2 slices of bread"],
    steps: ["Put one slice on the other.", "Admire the negative space.", "Charge fourteen dollars for it."],
  },
  {
    name: "Garden Variety",
    ingredients: ["1 dandelion", "Grass clippings", "Ranch"],
    steps: ["Collect the lawn.", "Drench in ranch.", "Explain to the neighbours why you are eating their lawn."],
  },
  {
    name: "Frozen Fish Finger Fantasy",
    ingredients: ["4 frozen fish fingers", "Custard", "Brioche"],
    steps: ["Do not defrost anything.", "Add custard for courage.", "Crunch bravely into the unknown."],
  },
] as const;
