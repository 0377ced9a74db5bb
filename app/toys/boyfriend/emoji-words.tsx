/** An emoji with what completes it: its emoji variation selector, a skin tone, or pictographs joined to it. */
const EMOJI = /(\p{Extended_Pictographic}(?:\uFE0F|\p{Emoji_Modifier}|\u200D\p{Extended_Pictographic}\uFE0F?)*)/u;

/**
 * A chat line with emoji among its words ("haha yeah 💕"), each emoji in an `emoji` span of its own
 * (app/app.css): the colour emoji font for the emoji, the page's font for the words and the spaces
 * between them. The line reads the same, character for character.
 */
export function EmojiWords({ text }: { text: string }) {
  // Split on a captured pattern: words at even places, emoji at odd ones.
  return text.split(EMOJI).map((part, i) =>
    i % 2 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one line, in order
      <span key={i} className="emoji">
        {part}
      </span>
    ) : (
      part || null
    ),
  );
}
