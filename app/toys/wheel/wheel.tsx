import { useState } from "react";
import { useFocusBack } from "../../kit/hooks/use-focus-back";
import { useTimeouts } from "../../kit/hooks/use-timeouts";
import { buzz } from "../../kit/lib/haptics";
import { Button } from "../../kit/ui/button";
import { ShareButton } from "../../kit/ui/share-button";
import { ToyPage } from "../../kit/ui/toy-page";
import { nextRotation, SEGMENTS, SPIN_MS, spinOutcome } from "./logic";

// Each a shade dark enough for the white labels at WCAG AA (e2e/contrast.ts reads them).
const COLORS = ["#b91c1c", "#b45309", "#15803d", "#1d4ed8", "#7e22ce", "#be185d", "#0f766e", "#c2410c"];
const R = 100;

/** Point on the wheel's rim at `deg` degrees clockwise from the top. */
function rim(deg: number, radius = R): [number, number] {
  const rad = ((deg - 90) * Math.PI) / 180;
  return [radius * Math.cos(rad), radius * Math.sin(rad)];
}

function WheelArt({ rotation }: { rotation: number }) {
  const step = 360 / SEGMENTS.length;
  return (
    <svg
      viewBox="-105 -105 210 210"
      className="aspect-square w-72 max-w-full drop-shadow-2xl transition-transform duration-[4000ms] ease-[cubic-bezier(0.15,0.85,0.25,1)] motion-reduce:transition-none sm:w-80"
      style={{ transform: `rotate(${rotation}deg)` }}
      role="img"
      aria-label={`A wheel with ${SEGMENTS.length} segments, every one of them saying You Lose`}
      data-share-art=""
    >
      {SEGMENTS.map((label, i) => {
        const [x1, y1] = rim(i * step - step / 2);
        const [x2, y2] = rim(i * step + step / 2);
        const [tx, ty] = rim(i * step, 62);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the segments are fixed
          <g key={i}>
            <path
              d={`M0 0 L${x1} ${y1} A${R} ${R} 0 0 1 ${x2} ${y2} Z`}
              fill={COLORS[i]}
              stroke="#fff"
              strokeWidth="2"
            />
            <text
              x={tx}
              y={ty}
              fill="#fff"
              fontSize="10"
              fontWeight="800"
              textAnchor="middle"
              dominantBaseline="middle"
              transform={`rotate(${i * step - 90} ${tx} ${ty})`}
            >
              {label}
            </text>
          </g>
        );
      })}
      <circle r="14" fill="#fff" stroke="#111" strokeWidth="3" />
    </svg>
  );
}

export function Wheel() {
  const [rotation, setRotation] = useState(0);
  const [spinning, setSpinning] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const later = useTimeouts();
  // Disabled while it runs; keyboard focus comes back to it after.
  const button = useFocusBack<HTMLButtonElement>(spinning);

  function spin() {
    const next = nextRotation(rotation, Math.random);
    setRotation(next);
    setSpinning(true);
    setResult(null);
    later(() => {
      setSpinning(false);
      setResult(spinOutcome(next));
      buzz();
    }, SPIN_MS);
  }

  return (
    <ToyPage title="Wheel of Misfortune" intro="Spin to win! (You will not win.)">
      <div className="relative">
        <div
          aria-hidden="true"
          className="absolute -top-3 left-1/2 z-10 h-0 w-0 -translate-x-1/2 border-x-[14px] border-t-[26px] border-x-transparent border-t-white drop-shadow"
        />
        <WheelArt rotation={rotation} />
      </div>
      <p role="status" className="min-h-10 text-3xl font-black drop-shadow">
        {result ? `${result}!` : ""}
      </p>
      <Button ref={button} size="lg" onClick={spin} disabled={spinning}>
        {spinning ? "Spinning..." : "Spin the Wheel"}
      </Button>
      {/* Room kept for the share button, so the page does not jump when the wheel stops. */}
      <div className="min-h-11">
        {result ? <ShareButton text={`I spun the Wheel of Misfortune: ${result}!`} label="Share my fate" /> : null}
      </div>
    </ToyPage>
  );
}
