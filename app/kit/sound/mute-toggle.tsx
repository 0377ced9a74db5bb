import { cn } from "../lib/cn";
import { useMuted } from "./use-muted";

/** The site-wide mute / unmute button. */
export function MuteToggle({ className }: { className?: string }) {
  const [muted, setMuted] = useMuted();
  return (
    <button
      type="button"
      onClick={() => setMuted(!muted)}
      className={cn(
        "inline-flex items-center gap-2 rounded-full bg-white/85 px-4 py-2 font-semibold text-slate-900 shadow hover:bg-white",
        className,
      )}
    >
      <span aria-hidden="true">{muted ? "🔇" : "🔊"}</span>
      {muted ? "Unmute sound" : "Mute sound"}
    </button>
  );
}
