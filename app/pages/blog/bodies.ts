import type { ARTICLE_SLUGS } from "./slugs";

export interface Section {
  heading: string;
  paragraphs: readonly string[];
  list?: readonly string[];
}

/** Each article's body, loaded only by the article pages. Data rendered as text: no HTML is injected. */
export const BODIES: Record<(typeof ARTICLE_SLUGS)[number], readonly Section[]> = {
  "top-5-ways-to-stare-at-a-wall": [
    {
      heading: "Why walls?",
      paragraphs: [
        "In a world of notifications, walls remain blissfully silent. They never ask you to subscribe. They never autoplay. A wall has never once said 'per my last email'. Staring at one is the last truly free activity left to humankind, and most people are doing it wrong.",
        "Our research team (one person and a chair) spent four hundred hours staring at walls of every kind: painted, papered, brick, and one that turned out to be a very large fridge. These are the findings.",
      ],
    },
    {
      heading: "The five techniques",
      paragraphs: ["Each technique has been tested for at least one full afternoon. Results may vary by wall."],
      list: [
        "The Classic: sit, face the wall, and let your eyes go soft. Think of nothing. Fail. Think of lunch.",
        "The Detective: pick one small crack and follow it like it owes you money.",
        "The Long Distance: stand across the room and stare meaningfully, as if the wall just said something profound.",
        "The Colour Critic: decide the paint is 'eggshell'. Then decide it is 'ivory'. Argue with yourself. Both of you lose.",
        "The Advanced: stare at a wall that has a window in it, and pretend the window is not there. This is harder than it sounds.",
      ],
    },
    {
      heading: "What you will gain",
      paragraphs: [
        "Nothing. That is the point. After a good session you will know exactly as much as before, but you will know it more calmly. Several readers report that the wall now seems to stare back. That is normal, and we recommend staring harder.",
      ],
    },
    {
      heading: "Frequently stared questions",
      paragraphs: [
        "Can I stare at a ceiling instead? You can, but a ceiling is just a wall that gave up and lay down. Start with a wall and work your way up.",
        "How long should a session last? Until your phone buzzes and you remember that the wall is not going anywhere. It never is. That is what we love about it.",
      ],
    },
  ],
  "the-philosophy-of-the-loading-bar": [
    {
      heading: "A brief history of waiting",
      paragraphs: [
        "Before the loading bar, humans simply waited, unaware of how much longer they would wait. The loading bar changed everything: now we could wait while watching a rectangle fill up at an emotionally manipulative pace.",
        "Early bars moved honestly. Modern bars have learned to sprint to 90%, then rest, like a marathon runner who has spotted a bakery.",
      ],
    },
    {
      heading: "The three schools of thought",
      paragraphs: ["Scholars of the bar (there are none, but if there were) disagree on its nature."],
      list: [
        "The Optimists: the bar will finish. It always finishes. Eventually. Probably.",
        "The Realists: the bar is a mood ring for the computer, and the computer is anxious.",
        "The Existentialists: there is no 100%. There is only the journey, and the journey is 99%.",
      ],
    },
    {
      heading: "Living at 99%",
      paragraphs: [
        "We recommend embracing the 99%. It is the most hopeful number there is: almost everything, with a tiny bit of mystery left over. Our own Endless Loading toy lives there permanently, and it has never been happier.",
        "In conclusion, the loading bar teaches patience, humility and the precise shade of blue that means 'please wait'. We will finish this article soon. We are almost there. Nah.",
      ],
    },
    {
      heading: "A note on spinners",
      paragraphs: [
        "Some readers asked about the spinner, the loading bar's circular cousin. The spinner is more honest: it makes no promises at all. It simply goes round and round, like a thought you cannot finish, or a cat looking for the perfect spot to sit.",
        "Where the bar says 'soon', the spinner says 'who can say?'. We respect both. We have built one of each, and neither of them has ever finished anything, which we consider a great success and a very stable release.",
      ],
    },
  ],
  "why-your-pet-rock-deserves-more-attention": [
    {
      heading: "The silent companion",
      paragraphs: [
        "A pet rock never chews your shoes. It never wakes you at 5 a.m. It has never, not once, knocked a glass off the table to watch it fall. And what do we give it in return? A shelf. A dusty shelf.",
        "Rocks have feelings too. Probably. Nobody has checked, which is exactly the problem.",
      ],
    },
    {
      heading: "Signs your rock feels neglected",
      paragraphs: ["Watch for these warning signs. Most are subtle, because rocks are subtle."],
      list: [
        "It hasn't moved in weeks (also true of happy rocks, to be fair).",
        "It has gathered dust in a pattern that spells 'hello?'.",
        "You catch yourself calling it 'the rock' instead of its name.",
        "It blinks at you, slowly, from across the room. Our Pet Rock toy can demonstrate.",
      ],
    },
    {
      heading: "How to make it up to your rock",
      paragraphs: [
        "Start small. Say good morning. Move it to a sunnier shelf. Introduce it to a second rock, but be careful: rocks can be territorial about their pebbles.",
        "Most of all, just be there. A rock asks for nothing, which is precisely why it deserves everything. Or at least a nice view.",
      ],
    },
    {
      heading: "A short rock appreciation exercise",
      paragraphs: [
        "Hold your rock in one hand. Notice its weight, its texture, the way it has absolutely no opinion about you. Tell it one nice thing. It will not answer, but it will not interrupt either, which is more than most of us can say about our friends.",
        "Repeat daily. Within a week your rock will be the best-loved stone on your street, and you will have a calm new hobby that costs nothing and achieves nothing. We call that a win, and so does the rock, silently.",
      ],
    },
  ],
};
