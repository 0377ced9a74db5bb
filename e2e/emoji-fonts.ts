import { resolve } from "node:path";
import type { CDPSession, Page } from "@playwright/test";
import { findTestChromium } from "../scripts/chromium.mjs";
import { E2E_CHROMIUM_ARGS } from "./chromium-args";

/**
 * Chromium on this machine's fonts with DejaVu Sans as the UI font (e2e/fonts/dejavu-ui.conf), the
 * Debian visitor of issue 46: DejaVu Sans has black outlines of 😀 😂 😎 🙃, ☀ and ♈, and a page
 * whose font stack names no emoji font drew them. The route-wide checks (routes.spec.ts, which
 * asks every page's emoji on its one load) and emoji-fonts.spec.ts launch their browser with it.
 */
export const DEJAVU_UI_LAUNCH = {
  executablePath: findTestChromium(),
  args: E2E_CHROMIUM_ARGS,
  env: { ...process.env, FONTCONFIG_FILE: resolve("e2e/fonts/dejavu-ui.conf") },
};

/** One emoji on the page and the fonts Chromium drew it with. */
export interface EmojiGlyph {
  /** The emoji (one grapheme: a code point, or a sequence with its variation selector or joiners). */
  emoji: string;
  /** The families of the platform fonts that drew it, as Chromium reports them. */
  fonts: string[];
  /** Where it is, for a failure's message: its element's tag and classes, or "select". */
  where: string;
  /** Drawn by colour emoji fonts only. */
  inColour: boolean;
}

/** A colour emoji font, whatever the platform calls it (Noto Color Emoji, Apple Color Emoji, ...). */
export const isEmojiFont = (family: string) => /emoji/i.test(family);

/**
 * Asks Chromium which platform font drew each emoji on the page (`CSS.getPlatformFontsForNode`: the
 * font each glyph was shaped with), so what is checked is this machine's fonts as a visitor's browser
 * uses them, not a stylesheet read by eye. Call it before the page's first navigation: enabling
 * Chromium's CSS agent logs again every resource that failed to load before (a not-found page's 404
 * twice), so it is enabled once, first.
 */
export async function watchEmojiFonts(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("DOM.enable");
  await cdp.send("CSS.enable");
  return {
    /** Every emoji drawn on the page now, with its fonts. */
    glyphs: () => emojiGlyphs(page, cdp),
    /**
     * The emoji not drawn in colour, as "😀 by DejaVu Sans in span.x", and how many emoji were
     * looked at (a check that saw none proves nothing).
     */
    async notInColour(): Promise<{ seen: number; wrong: string[] }> {
      const glyphs = await emojiGlyphs(page, cdp);
      return {
        seen: glyphs.length,
        wrong: glyphs.filter((g) => !g.inColour).map((g) => `${g.emoji} by ${g.fonts.join(" + ")} in ${g.where}`),
      };
    },
  };
}

/** The platform fonts of the node `expression` evaluates to in the page. */
async function fontsOf(cdp: CDPSession, expression: string) {
  const { result } = await cdp.send("Runtime.evaluate", { expression });
  if (!result.objectId) throw new Error(`${expression} is not in the page`);
  const { nodeId } = await cdp.send("DOM.requestNode", { objectId: result.objectId });
  return (await cdp.send("CSS.getPlatformFontsForNode", { nodeId })).fonts;
}

/**
 * Every emoji drawn on the page. Chromium reports fonts per text node, so each emoji is first split
 * into a text node of its own (`Text.splitText` at grapheme boundaries; font fallback chooses per
 * character, so the split changes no choice), asked about, and the nodes are joined again
 * (`normalize` keeps the first node, the one React holds). An emoji is a grapheme that is an RGI
 * emoji (`\p{RGI_Emoji}`): a character shown as emoji by default, or one with its emoji variation
 * selector. Text not laid out (a closed popover, a hidden element) has no fonts and is left out.
 *
 * A `<select>` shows its chosen option's text in the control, where no element can hold an emoji
 * of its own: its emoji are in colour when the emoji fonts drew at least as many glyphs of the
 * control's text as there are emoji in it (the words are the text font's).
 */
async function emojiGlyphs(page: Page, cdp: CDPSession): Promise<EmojiGlyph[]> {
  const found = await page.evaluate(() => {
    // The `v` flag, which TypeScript's target here does not know; the browser does.
    // biome-ignore lint/complexity/useRegexLiterals: a literal would not compile (above)
    const isEmoji = new RegExp("^\\p{RGI_Emoji}$", "v");
    // biome-ignore lint/complexity/useRegexLiterals: a literal would not compile (above)
    const hasEmoji = new RegExp("\\p{RGI_Emoji}", "v");
    const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });
    const texts: Text[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node as Text);
    const nodes: Text[] = [];
    for (const text of texts) {
      // From the end, so the offsets of the graphemes still to split stay right.
      for (const { segment, index } of [...graphemes.segment(text.data)].reverse()) {
        if (!isEmoji.test(segment)) continue;
        if (index + segment.length < text.data.length) text.splitText(index + segment.length);
        nodes.push(index > 0 ? text.splitText(index) : text);
      }
    }
    const selects = [...document.querySelectorAll("select")].filter((select) =>
      hasEmoji.test(select.selectedOptions[0]?.text ?? ""),
    );
    (window as unknown as { __emoji: Node[] }).__emoji = [...nodes, ...selects];
    return [
      ...nodes.map((node) => {
        const element = node.parentElement;
        const classes = element?.classList.length ? `.${[...element.classList].join(".")}` : "";
        return { emoji: node.data, count: 1, where: `${element?.localName ?? "?"}${classes}` };
      }),
      ...selects.map((select) => {
        const emoji = [...graphemes.segment(select.selectedOptions[0]?.text ?? "")]
          .map(({ segment }) => segment)
          .filter((segment) => isEmoji.test(segment));
        return { emoji: emoji.join(""), count: emoji.length, where: "select" };
      }),
    ];
  });
  try {
    await cdp.send("DOM.getDocument", { depth: 0 });
    const glyphs: EmojiGlyph[] = [];
    for (const [i, { emoji, count, where }] of found.entries()) {
      const fonts = await fontsOf(cdp, `window.__emoji[${i}]`);
      if (fonts.length === 0) continue;
      const inColour =
        where === "select"
          ? fonts.filter((font) => isEmojiFont(font.familyName)).reduce((n, font) => n + font.glyphCount, 0) >= count
          : fonts.every((font) => isEmojiFont(font.familyName));
      glyphs.push({ emoji, fonts: fonts.map((font) => font.familyName), where, inColour });
    }
    return glyphs;
  } finally {
    await page.evaluate(() => {
      const w = window as unknown as { __emoji?: Node[] };
      for (const node of w.__emoji ?? []) if (node instanceof Text) node.parentNode?.normalize();
      delete w.__emoji;
    });
  }
}
