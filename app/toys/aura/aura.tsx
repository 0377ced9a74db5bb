import { type FormEvent, useEffect, useId, useState } from "react";
import { Button } from "../../kit/ui/button";
import { ShareButton } from "../../kit/ui/share-button";
import { ToyPage } from "../../kit/ui/toy-page";
import { type AuraResult, auraFromLink, auraLink, auraShareText, readAura } from "./logic";
import { SIGNS } from "./words";

export function Aura() {
  const [sign, setSign] = useState("");
  const [result, setResult] = useState<AuraResult | null>(null);
  const selectId = useId();

  // A shared link names a reading (?sign=Leo&reading=2): it opens that reading, after hydration so
  // the pre-rendered page and the first render agree.
  useEffect(() => {
    const shared = auraFromLink(window.location.search);
    if (shared?.ok) {
      setSign(shared.sign.name);
      setResult(shared);
    }
  }, []);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setResult((prev) => readAura(sign || null, prev?.ok ? prev.reading : null, Math.random));
  }

  return (
    <ToyPage title="Cringe Auras" intro="Our certified aura reader graduated from a very online course.">
      <form onSubmit={onSubmit} className="flex w-full max-w-md flex-col items-center gap-4">
        <label htmlFor={selectId} className="text-lg font-semibold">
          Your zodiac sign
        </label>
        {/* Its options are text only ("♈ Aries"): no element of their own can give the signs the
            emoji font, so the emoji presentation asks for it (a space or a letter keeps the text's). */}
        <select
          id={selectId}
          value={sign}
          onChange={(event) => setSign(event.target.value)}
          className="w-full rounded-xl border-2 border-white/60 bg-white px-4 py-3 text-lg text-slate-900 [font-variant-emoji:emoji]"
        >
          <option value="">Choose a sign…</option>
          {SIGNS.map((s) => (
            <option key={s.name} value={s.name}>
              {s.symbol} {s.name}
            </option>
          ))}
        </select>
        <Button type="submit" size="lg">
          Read My Aura
        </Button>
      </form>
      <div aria-live="polite" className="flex min-h-48 w-full max-w-xl items-center justify-center">
        {result?.ok === false ? (
          <p className="rounded-2xl bg-amber-100 px-5 py-4 text-lg font-semibold text-amber-950">{result.message}</p>
        ) : null}
        {result?.ok ? (
          <div className="flex flex-col items-center gap-4">
            <div
              aria-hidden="true"
              className="aura-glow emoji grid size-28 place-items-center rounded-full text-5xl"
              style={{ backgroundColor: result.sign.color, boxShadow: `0 0 60px 20px ${result.sign.color}` }}
            >
              {result.sign.symbol}
            </div>
            <p className="rounded-2xl bg-white/95 px-5 py-4 text-lg font-semibold text-slate-900">
              <span className="font-black">{result.sign.name}:</span> {result.reading}
            </p>
            <ShareButton text={auraShareText(result)} href={auraLink(result)} label="Share this aura" />
          </div>
        ) : null}
      </div>
    </ToyPage>
  );
}
