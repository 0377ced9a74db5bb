import { useEffect, useRef, useState } from "react";
import { useInterval } from "../../kit/hooks/use-interval";
import { useShuffleBag } from "../../kit/hooks/use-shuffle-bag";
import { Button } from "../../kit/ui/button";
import { ToyPage } from "../../kit/ui/toy-page";
import { appendLine, type ConsoleLine, LINE_EVERY_MS, linePrefix } from "./logic";
import { BANNER, CONFESSIONS } from "./words";

export function Hacker() {
  const [lines, setLines] = useState<ConsoleLine[]>([]);
  const [running, setRunning] = useState(true);
  const { next } = useShuffleBag(CONFESSIONS);
  const nextId = useRef(0);
  const screen = useRef<HTMLOListElement>(null);

  useInterval(
    () => {
      const text = next();
      setLines((all) => appendLine(all, { id: nextId.current++, text }));
    },
    running ? LINE_EVERY_MS : null,
  );

  useEffect(() => {
    // Like a real console: always show the newest line.
    const el = screen.current;
    if (el && lines.length > 0) el.scrollTop = el.scrollHeight;
  }, [lines]);

  return (
    <ToyPage title="Hacker Console" intro="Accessing the mainframe… mostly to confess things.">
      <div className="w-full overflow-hidden rounded-2xl border border-emerald-700 bg-black text-left shadow-2xl">
        <div className="flex items-center gap-2 border-b border-emerald-900 bg-zinc-900 px-4 py-2">
          <span aria-hidden="true" className="size-3 rounded-full bg-red-500" />
          <span aria-hidden="true" className="size-3 rounded-full bg-yellow-400" />
          <span aria-hidden="true" className="size-3 rounded-full bg-green-500" />
          <span className="ml-2 font-mono text-sm text-emerald-300">mainframe — totally-legit-hacking.sh</span>
        </div>
        {/* Not a live region: a confession every 1.5 s would drown a screen reader. */}
        <ol
          ref={screen}
          aria-label="Console output"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling log must be reachable by keyboard
          tabIndex={0}
          className="h-80 space-y-1 overflow-y-auto p-4 font-mono text-sm text-emerald-400 sm:text-base"
        >
          {/* One block of text (line breaks, not blocks), so it counts as one paint. */}
          <li className="whitespace-pre-line text-emerald-600">{BANNER.join("\n")}</li>
          {lines.map((line) => (
            <li key={line.id}>
              <span className="text-emerald-600">{linePrefix(line.id)}</span> {line.text}
            </li>
          ))}
          <li aria-hidden="true" className="cursor-blink">
            ▌
          </li>
        </ol>
      </div>
      <Button variant="ghost" onClick={() => setRunning((r) => !r)}>
        {running ? "Pause the hacking" : "Resume the hacking"}
      </Button>
    </ToyPage>
  );
}
