import { useRef, useState } from "react";
import { useInterval } from "../../kit/hooks/use-interval";
import { useShuffleBag } from "../../kit/hooks/use-shuffle-bag";
import { Button } from "../../kit/ui/button";
import { ToyPage } from "../../kit/ui/toy-page";
import { LINE_EVERY_MS, linePrefix, MAX_LINES } from "./logic";
import { BANNER, CONFESSIONS } from "./words";

let anchoring: boolean | undefined;
/**
 * Whether the browser keeps a scrolled box's content in place as content is added (not Safari). It
 * says the property is known, which in Chromium and Firefox means the anchoring works.
 */
const scrollAnchoring = () => {
  anchoring ??=
    typeof CSS !== "undefined" && typeof CSS.supports === "function" && CSS.supports("overflow-anchor", "auto");
  return anchoring;
};

/**
 * The console: a confession every 1.5 s, written into the list as plain elements between the banner
 * and the cursor, which React renders and never touches again (issue 63: the page rendered again
 * for each line, 4-8 ms of main thread a second at rest; a line written directly costs a few
 * tenths of a millisecond). React keeps only whether it runs; a draw from the bag renders nothing.
 */
function ConsoleOutput({ running }: { running: boolean }) {
  const { draw: next } = useShuffleBag(CONFESSIONS);
  const nextId = useRef(0);
  const scroller = useRef<HTMLElement>(null);
  const screen = useRef<HTMLOListElement>(null);
  const cursor = useRef<HTMLLIElement>(null);
  /** Lines held while a visitor reads back in a browser without scroll anchoring. */
  const held = useRef<HTMLLIElement[]>([]);

  /** Adds the held lines, then the newest MAX_LINES after the banner (the page never grows without limit). */
  const release = () => {
    const list = screen.current;
    const end = cursor.current;
    if (!list || !end || held.current.length === 0) return;
    for (const line of held.current.splice(0)) list.insertBefore(line, end);
    while (list.children.length > MAX_LINES + 2) list.children[1]?.remove();
  };

  useInterval(
    () => {
      const id = nextId.current++;
      const line = document.createElement("li");
      const prefix = document.createElement("span");
      prefix.className = "text-emerald-600";
      prefix.textContent = linePrefix(id);
      line.append(prefix, ` ${next()}`);
      held.current.push(line);
      if (held.current.length > MAX_LINES) held.current.shift();
      // A visitor scrolled back to read keeps their place: the scroll counts from the newest line,
      // so a line added below would push what they read up by its height. The browser's scroll
      // anchoring holds it; Safari has none, so there the lines wait until the visitor is back at
      // the newest (there only, the scroll position is read once a line).
      const box = scroller.current;
      if (box && !scrollAnchoring() && box.scrollTop < -1) return;
      release();
    },
    running ? LINE_EVERY_MS : null,
  );

  return (
    // Like a real console, the newest line always in view: a scroller whose content starts at its
    // bottom (a reversed column of one), so the browser keeps it there, with no script reading the
    // layout at each line (but in Safari, above). Reachable by keyboard to scroll back (and kept in
    // place meanwhile).
    <section
      ref={scroller}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling log must be reachable by keyboard
      tabIndex={0}
      aria-label="Console"
      data-console-scroller=""
      className="flex h-80 flex-col-reverse overflow-y-auto [contain:strict]"
      onScroll={(event) => {
        if (held.current.length > 0 && event.currentTarget.scrollTop >= -1) release();
      }}
    >
      {/* Not a live region: a confession every 1.5 s would drown a screen reader. */}
      <ol
        ref={screen}
        aria-label="Console output"
        className="space-y-1 p-4 font-mono text-sm text-emerald-400 sm:text-base"
      >
        {/* One block of text (line breaks, not blocks), so it counts as one paint. */}
        <li className="whitespace-pre-line text-emerald-600">{BANNER.join("\n")}</li>
        <li ref={cursor} aria-hidden="true" className="cursor-blink">
          ▌
        </li>
      </ol>
    </section>
  );
}

export function Hacker() {
  const [running, setRunning] = useState(true);

  return (
    <ToyPage title="Hacker Console" intro="Accessing the mainframe… mostly to confess things.">
      <div className="w-full overflow-hidden rounded-2xl border border-emerald-700 bg-black text-left shadow-2xl">
        <div className="flex items-center gap-2 border-b border-emerald-900 bg-zinc-900 px-4 py-2">
          <span aria-hidden="true" className="size-3 rounded-full bg-red-500" />
          <span aria-hidden="true" className="size-3 rounded-full bg-yellow-400" />
          <span aria-hidden="true" className="size-3 rounded-full bg-green-500" />
          <span className="ml-2 font-mono text-sm text-emerald-300">mainframe — totally-legit-hacking.sh</span>
        </div>
        <ConsoleOutput running={running} />
      </div>
      <Button variant="ghost" onClick={() => setRunning((r) => !r)}>
        {running ? "Pause the hacking" : "Resume the hacking"}
      </Button>
    </ToyPage>
  );
}
