/**
 * A pictograph with what completes it: its emoji variation selector, a skin tone, or more pictographs
 * joined to it (👩‍🚀). Flags and keycaps are not among the site's strings.
 */
const EMOJI = /(\p{Extended_Pictographic}(?:\uFE0F|\p{Emoji_Modifier}|\u200D\p{Extended_Pictographic}\uFE0F?)*)/u;

/**
 * A line of text with emoji in it ("🤘 Shred!", "haha yeah 💕"), each emoji in an `emoji` span of
 * its own (app/app.css): the colour emoji font for the emoji only, the page's font for the words and
 * the spaces between them. The text reads the same, character for character.
 */
export function EmojiText({ text }: { text: string }) {
  // Split on a captured pattern: words at even places, emoji at odd ones.
  return text.split(EMOJI).map((part, i) =>
    i % 2 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, in order
      <span key={i} className="emoji">
        {part}
      </span>
    ) : (
      part || null
    ),
  );
}
