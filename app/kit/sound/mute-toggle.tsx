import { useEffect } from "react";
import { cn } from "../lib/cn";
import { onFirstIntent } from "../lib/first-intent";
import { preloadSound } from "./sound";
import { useMuted } from "./use-muted";

/** The site-wide mute / unmute button. */
export function MuteToggle({ className }: { className?: string }) {
  const [muted, setMuted] = useMuted();
  // A page with a mute button makes sounds: fetch the engine on the visitor's first press (the
  // click it starts is what asks for the first sound), not on a cold load.
  useEffect(() => onFirstIntent(preloadSound), []);
  return (
    <button
      type="button"
      onClick={() => setMuted(!muted)}
      className={cn(
        "inline-flex items-center gap-2 rounded-full bg-white/85 px-4 py-2 font-semibold text-slate-900 shadow hover:bg-white",
        className,
      )}
    >
      <span aria-hidden="true" className="emoji">
        {muted ? "🔇" : "🔊"}
      </span>
      {muted ? "Unmute sound" : "Mute sound"}
    </button>
  );
}
