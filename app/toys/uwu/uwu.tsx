import { type FormEvent, useId, useState } from "react";
import { Button } from "../../kit/ui/button";
import { ToyPage } from "../../kit/ui/toy-page";
import { uwuify } from "./logic";

export function Uwu() {
  const [text, setText] = useState("");
  const [translation, setTranslation] = useState<string | null>(null);
  const inputId = useId();

  function translate(event: FormEvent) {
    event.preventDefault();
    setTranslation(text.trim() ? uwuify(text, Math.random) : "");
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
      <output
        htmlFor={inputId}
        aria-live="polite"
        className="block min-h-32 w-full max-w-2xl rounded-2xl bg-white/95 p-5 text-left text-lg break-words whitespace-pre-wrap text-slate-900 shadow-xl"
      >
        {translation === null
          ? "Your translation will appear here, ready to ruin your reputation."
          : translation || "Nothing to translate. Even silence is a little UwU, though."}
      </output>
    </ToyPage>
  );
}
