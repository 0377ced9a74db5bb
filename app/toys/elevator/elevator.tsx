import { useState } from "react";
import { toast } from "../../kit/ui/toast/toast-store";
import { usePrepareToasts } from "../../kit/ui/toast/use-prepare-toasts";
import { ToyPage } from "../../kit/ui/toy-page";
import { ELEVATOR_TOAST_MS, FLOORS, floorToast } from "./logic";

export function Elevator() {
  // Its toasts answer presses: the toast view is fetched on the first one.
  usePrepareToasts();
  const [pressed, setPressed] = useState<number | null>(null);

  function press(floor: number) {
    setPressed(floor);
    toast({ ...floorToast(floor, Math.random), duration: ELEVATOR_TOAST_MS });
  }

  return (
    <ToyPage title="Fake Elevator" intro="Press a floor. Any floor. We will not be going there.">
      <div className="rounded-3xl border-4 border-zinc-400 bg-linear-to-b from-zinc-300 to-zinc-500 p-capped-6 shadow-2xl">
        <p aria-hidden="true" className="mb-4 rounded-lg bg-black px-4 py-2 font-mono text-3xl text-red-500">
          {pressed === null ? "--" : "G"} <span className="text-base">▲▼</span>
        </p>
        <ol aria-label="Floors" className="grid grid-cols-3 gap-3">
          {[...FLOORS].reverse().map((floor) => (
            <li key={floor}>
              <button
                type="button"
                onClick={() => press(floor)}
                aria-label={`Floor ${floor}`}
                className={`grid size-[min(4rem,20vw)] place-items-center rounded-full border-4 border-zinc-600 text-xl font-black shadow-inner transition-colors ${
                  pressed === floor
                    ? "bg-amber-300 text-zinc-900 shadow-amber-500"
                    : "bg-zinc-100 text-zinc-800 hover:bg-white"
                }`}
              >
                {floor}
              </button>
            </li>
          ))}
        </ol>
      </div>
    </ToyPage>
  );
}
