import { toast } from "../ui/toast/toast-store";

/** A shared result is a short message, like a post: longer text is cut, with an ellipsis. */
export const SHARE_TEXT_MAX = 280;

export interface ShareContent {
  /** The page's title. */
  title: string;
  /** The result, in words. */
  text: string;
  /** The absolute link that opens the page (and, where it can, the result). */
  url: string;
}

/** C0 and C1 control characters and the Unicode line and paragraph separators. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

export type ShareOutcome = "shared" | "cancelled" | "copied" | "failed";

/**
 * Text safe to hand to a share sheet or a clipboard: no control characters (a result may quote the
 * visitor's own input), whitespace collapsed, at most `max` characters, never a split emoji.
 */
export function cleanShareText(text: string, max: number = SHARE_TEXT_MAX): string {
  const flat = text.replace(CONTROL, " ").replace(/\s+/g, " ").trim();
  const chars = Array.from(flat);
  return chars.length <= max
    ? flat
    : `${chars
        .slice(0, max - 1)
        .join("")
        .trimEnd()}…`;
}

/** What goes on the clipboard where the browser has no share sheet: the words, then the link. */
export function clipboardText({ text, url }: ShareContent): string {
  return `${text} ${url}`;
}

interface ShareNavigator {
  share?: (data: ShareData) => Promise<void>;
  canShare?: (data: ShareData) => boolean;
  clipboard?: { writeText?: (text: string) => Promise<void> };
}

/**
 * Shares a result: the browser's share sheet where it has one (phones, most desktops), otherwise
 * the text and link copied to the clipboard, with a toast that says so.
 */
export async function shareResult(content: ShareContent, nav: ShareNavigator = navigator): Promise<ShareOutcome> {
  const data = { title: content.title, text: cleanShareText(content.text), url: content.url };
  if (typeof nav.share === "function" && (nav.canShare?.(data) ?? true)) {
    try {
      await nav.share(data);
      return "shared";
    } catch (error) {
      // The visitor closed the sheet: nothing to say. Any other refusal: copy instead.
      if (error instanceof Error && error.name === "AbortError") return "cancelled";
    }
  }
  try {
    if (typeof nav.clipboard?.writeText !== "function") throw new Error("no clipboard");
    await nav.clipboard.writeText(clipboardText(data));
    toast({ title: "Copied to your clipboard", description: "The result and its link. Paste them somewhere unwise." });
    return "copied";
  } catch {
    toast({
      title: "Could not copy",
      description: `Your browser kept the clipboard to itself. The link is ${data.url}`,
      duration: 10_000,
    });
    return "failed";
  }
}
