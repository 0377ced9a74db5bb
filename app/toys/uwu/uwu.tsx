import { type FormEvent, useEffect, useId, useMemo, useState } from "react";
import { formatCount } from "../../kit/lib/format-count";
import { seededRandom } from "../../kit/lib/random";
import { Button } from "../../kit/ui/button";
import { ShareButton } from "../../kit/ui/share-button";
import { toast } from "../../kit/ui/toast/toast-store";
import { usePrepareToasts } from "../../kit/ui/toast/use-prepare-toasts";
import { ToyPage } from "../../kit/ui/toy-page";
import { READ_OUT_MAX_CHARS, splitIntoBlocks, type UwuSource, uwuFromLink, uwuify, uwuLink } from "./logic";

export function Uwu() {
  // Its toasts answer presses: the toast view is fetched on the first one.
  usePrepareToasts();
  const [text, setText] = useState("");
  // What was translated and the emoticons' seed (so a shared link shows the very same ones);
  // null before the first press.
  const [source, setSource] = useState<UwuSource | null>(null);
  const translation = useMemo(
    () => (source === null ? null : source.text.trim() ? uwuify(source.text, seededRandom(source.seed)) : ""),
    [source],
  );
  const inputId = useId();
  const outputId = useId();
  const blocks = useMemo(() => (translation ? splitIntoBlocks(translation) : []), [translation]);
  const long = (translation?.length ?? 0) > READ_OUT_MAX_CHARS;

  function translate(event: FormEvent) {
    event.preventDefault();
    setSource({ text, seed: Math.floor(Math.random() * 0x100000000) });
  }

  // A shared link carries a text and the emoticons' seed: it opens that very translation, after
  // hydration so the pre-rendered page and the first render agree.
  useEffect(() => {
    const shared = uwuFromLink(window.location.search);
    if (!shared) return;
    setText(shared.text);
    setSource(shared);
  }, []);

  async function copy() {
    if (!translation) return;
    try {
      await navigator.clipboard.writeText(translation);
      toast({ title: "Copied", description: "The whole translation is on your clipboard. Use it wisely (don't)." });
    } catch {
      // No clipboard access (an old browser, a denied permission): select it for Ctrl+C instead.
      const output = document.getElementById(outputId);
      if (output) window.getSelection()?.selectAllChildren(output);
      toast({
        title: "Selected",
        description: "Your browser kept the clipboard to itself: press Ctrl+C (⌘C) to copy.",
      });
    }
  }

  return (
    <ToyPage title="UwU Translator" intro="Make any text unbearably adorable. No take-backs.">
      <form onSubmit={translate} className="flex w-full max-w-2xl flex-col gap-4 text-left">
        <label htmlFor={inputId} className="text-lg font-semibold">
          Your serious text
        </label>
        <textarea
          id={inputId}
          value={text}
          onChange={(event) => setText(event.target.value)}
          rows={5}
          placeholder="Dear valued customer, we regret to inform you…"
          className="w-full rounded-2xl border-2 border-white/60 bg-white p-4 text-lg text-slate-900"
        />
        <Button type="submit" size="lg" className="self-center">
          Translate
        </Button>
      </form>
      {/* A long translation is announced by its length; a short one is read out. */}
      <p role="status" className="sr-only">
        {long ? `Translated ${formatCount(translation?.length ?? 0)} characters.` : ""}
      </p>
      {/* Above the output, not after it: a long translation is laid out block by block as it
          scrolls into view, so a button below it would move as it is reached (and be 90,000 px away). */}
      {translation && source ? (
        <div className="flex flex-wrap items-center justify-center gap-3">
          <Button variant="ghost" onClick={copy}>
            Copy the whole translation
          </Button>
          <ShareButton text={translation} href={uwuLink(source)} label="Share the translation" />
        </div>
      ) : null}
      <output
        id={outputId}
        htmlFor={inputId}
        aria-live={long ? "off" : "polite"}
        className="block min-h-32 w-full max-w-2xl rounded-2xl bg-white/95 p-5 text-left text-lg break-words whitespace-pre-wrap text-slate-900 shadow-xl"
      >
        {translation === null
          ? "Your translation will appear here, ready to ruin your reputation."
          : translation === ""
            ? "Nothing to translate. Even silence is a little UwU, though."
            : blocks.map((block, i) => (
                // Only the blocks on screen are laid out (see splitIntoBlocks): a long translation
                // paints at once, and the rest is laid out as it scrolls into view.
                // biome-ignore lint/suspicious/noArrayIndexKey: a block is its place in the text
                <span key={i} className="uwu-block">
                  {block}
                </span>
              ))}
      </output>
    </ToyPage>
  );
}
