import { useEffect, useRef, useState } from "react";
import { useTimeouts } from "../../kit/hooks/use-timeouts";
import { Button } from "../../kit/ui/button";
import { ShareButton } from "../../kit/ui/share-button";
import { ToyPage } from "../../kit/ui/toy-page";
import { adoptName, BLINK_MS, nextBlinkDelay } from "./logic";
import { RockArt } from "./rock-art";

export function PetRock() {
  const [name, setName] = useState<string | null>(null);
  const [blinking, setBlinking] = useState(false);
  const later = useTimeouts();
  const greeting = useRef<HTMLParagraphElement>(null);

  // The Adopt button is gone once pressed: keyboard focus moves to the new pet.
  useEffect(() => {
    if (name) greeting.current?.focus();
  }, [name]);

  useEffect(() => {
    if (!name) return;
    let live = true;
    const scheduleBlink = () => {
      later(() => {
        if (!live) return;
        setBlinking(true);
        later(() => {
          if (!live) return;
          setBlinking(false);
          scheduleBlink();
        }, BLINK_MS);
      }, nextBlinkDelay(Math.random));
    };
    scheduleBlink();
    return () => {
      live = false;
    };
  }, [name, later]);

  return (
    <ToyPage title="Pet Rock" intro="The lowest-maintenance pet ever created. No feeding. No walking. Some blinking.">
      {name ? (
        <>
          <div role="img" aria-label={`${name}, your pet rock, ${blinking ? "blinking" : "looking at you"}`}>
            <RockArt blinking={blinking} />
          </div>
          <p ref={greeting} tabIndex={-1} role="status" className="text-3xl font-black outline-none">
            Meet {name}!
          </p>
          <p className="max-w-md text-lg text-white/90">
            {name} is very happy here. {name} will not move, eat, or ask for anything. {name} blinks, occasionally.
          </p>
          <ShareButton
            text={`I adopted a pet rock called ${name}. ${name} blinks, occasionally.`}
            label={`Share ${name}`}
          />
        </>
      ) : (
        <>
          <div aria-hidden="true" className="emoji text-8xl">
            🪨
          </div>
          <p className="max-w-md text-lg">
            A lonely rock is waiting for a loving home. It has been waiting for about 4 billion years.
          </p>
          <Button size="lg" onClick={() => setName(adoptName(Math.random))}>
            Adopt
          </Button>
        </>
      )}
    </ToyPage>
  );
}
