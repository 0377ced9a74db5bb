/** Four-line verses, each line a string. */
export const RAPS: readonly (readonly string[])[] = [
  [
    "Yo, I'm the king of the snack aisle",
    "Buy one get one, that's my lifestyle",
    "Coupons in my pocket, stacked real high",
    "Cashier looks at me like 'why, just why'",
  ],
  [
    "I spit bars like a granola fail",
    "Oats everywhere, leave a crunchy trail",
    "Mom says 'vacuum', I say 'later'",
    "I'm a lyrical lazy alligator",
  ],
  [
    "My flow is like a leaky tap",
    "Drip drip drip, then a little nap",
    "Plumber came by, said 'that's art'",
    "Charged me ninety for a broken heart",
  ],
  [
    "Rolling down the street on my scooter",
    "Faster than my grandma's old computer",
    "Helmet on tight, safety first",
    "Stopped for a juice 'cause I had a thirst",
  ],
  [
    "They call me MC Spreadsheet",
    "Formulas so fresh, can't be beat",
    "Pivot tables spinning in my head",
    "Saved the file, then went to bed",
  ],
  [
    "I got ninety-nine problems and a sock is one",
    "Lost its twin in the dryer, now it's done",
    "Lonely little sock on the bedroom floor",
    "Rapping for the pair that's gone forevermore",
  ],
  [
    "Mic check, one two, is this on?",
    "I practiced this verse since dawn",
    "Forgot the words, now I'm humming",
    "Trust me, the chorus is coming",
  ],
  [
    "My beats are fire, my toast is too",
    "Set off the alarm at half past two",
    "Neighbors outside in their robes",
    "Chanting my name like the globe",
  ],
  [
    "I'm so cold, I'm a frozen pea",
    "Bag of vegetables, that's me",
    "Thawed out slowly, feeling mushy",
    "Sorry, this rhyme's a little pushy",
  ],
  [
    "Dropped my phone, cracked the screen",
    "Still the illest texter you've seen",
    "Autocorrect made me say 'ducking'",
    "My whole career is now just clucking",
  ],
  [
    "I ride the bus like it's a limousine",
    "Sitting in the back like a teen",
    "Driver says 'sir, this is the stop'",
    "I said 'cool', and then I dropped my mop",
  ],
  [
    "Started from the bottom, now we're on the stairs",
    "Halfway up, I forgot what was upstairs",
    "Went back down to check the list",
    "Turns out it was a thing I missed",
  ],
  [
    "My rhymes are organic, gluten-free",
    "Sourced from a farm that grows poetry",
    "Each bar hand-picked, locally grown",
    "Sold at the market for the price of a loan",
  ],
  [
    "I'm the GOAT, I'm literally a goat",
    "Eat tin cans and a cowboy's coat",
    "Bleat on the beat, climb up a hill",
    "Rapping on a mountain, just chilling still",
  ],
] as const;
