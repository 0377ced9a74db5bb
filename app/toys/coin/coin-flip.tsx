import { useState } from "react";
import { useFocusBack } from "../../kit/hooks/use-focus-back";
import { useTimeouts } from "../../kit/hooks/use-timeouts";
import { Button } from "../../kit/ui/button";
import { ShareButton } from "../../kit/ui/share-button";
import { ToyPage } from "../../kit/ui/toy-page";
import { FLIP_MS, flipOutcome } from "./logic";

export function CoinFlip() {
  const [flipping, setFlipping] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const later = useTimeouts();
  // Disabled while it runs; keyboard focus comes back to it after.
  const button = useFocusBack<HTMLButtonElement>(flipping);

  function flip() {
    setFlipping(true);
    setResult(null);
    later(() => {
      setFlipping(false);
      setResult(flipOutcome());
    }, FLIP_MS);
  }

  return (
    <ToyPage title="Coin Flip" intro="Heads or tails? Let fate decide. Fate has opinions.">
      <div
        aria-hidden="true"
        className={`grid size-[min(11rem,65vw)] place-items-center rounded-full border-8 border-yellow-600 bg-radial from-yellow-200 via-yellow-400 to-amber-600 text-5xl font-black text-amber-900 shadow-2xl ${
          flipping ? "coin-flipping" : ""
        } ${result ? "coin-side" : ""}`}
      >
        {flipping ? "?" : result ? "" : "¢"}
      </div>
      <p role="status" className="min-h-20 text-2xl font-bold drop-shadow">
        {flipping ? "Flipping…" : null}
        {result ? (
          <>
            It landed on… <span className="block text-6xl font-black text-yellow-200">{result}</span>
          </>
        ) : null}
      </p>
      <Button ref={button} size="lg" onClick={flip} disabled={flipping}>
        {result ? "Flip Again" : "Flip the Coin"}
      </Button>
      <div className="min-h-11">
        {result ? <ShareButton text={`I flipped the coin and it landed on… ${result}.`} /> : null}
      </div>
    </ToyPage>
  );
}
