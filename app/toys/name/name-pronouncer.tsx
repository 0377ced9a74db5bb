import { type FormEvent, useEffect, useId, useState } from "react";
import { Button } from "../../kit/ui/button";
import { ToyPage } from "../../kit/ui/toy-page";
import { browserSpeech, MESSAGES, pronounce, type SpeakResult } from "./logic";

export function NamePronouncer() {
  const [name, setName] = useState("");
  const [result, setResult] = useState<{ outcome: SpeakResult; name: string } | null>(null);
  const inputId = useId();

  // Stop talking when the visitor leaves.
  useEffect(() => () => browserSpeech()?.synth.cancel(), []);

  function submit(event: FormEvent) {
    event.preventDefault();
    setResult({ outcome: pronounce(name, browserSpeech()), name: name.trim() });
  }

  return (
    <ToyPage title="Bad Name Pronouncer" intro="Any name, pronounced with the confidence of a sleepy walrus.">
      <form onSubmit={submit} className="flex w-full max-w-md flex-col items-center gap-4">
        <label htmlFor={inputId} className="text-lg font-semibold">
          Name to mispronounce
        </label>
        <input
          id={inputId}
          value={name}
          onChange={(event) => setName(event.target.value)}
          placeholder="Enter a name"
          autoComplete="off"
          maxLength={200}
          className="w-full rounded-xl border-2 border-white/60 bg-white px-4 py-3 text-lg text-slate-900"
        />
        <Button type="submit" size="lg" className="flex-wrap">
          <span aria-hidden="true" className="emoji">
            🗣️
          </span>{" "}
          Pronounce It
        </Button>
      </form>
      <p role="status" className="min-h-16 max-w-md text-lg">
        {result?.outcome === "spoken"
          ? `Pronouncing “${result.name}” as badly as humanly (and machinely) possible…`
          : null}
        {result && result.outcome !== "spoken" ? MESSAGES[result.outcome] : null}
      </p>
    </ToyPage>
  );
}
