import { useEffect, useRef, useState } from "react";
import { useInterval } from "../../kit/hooks/use-interval";
import { useShuffleBag } from "../../kit/hooks/use-shuffle-bag";
import { Button } from "../../kit/ui/button";
import { ToyPage } from "../../kit/ui/toy-page";
import { LINE_EVERY_MS, LINES_AFTER_TRIM, linePrefix, MAX_LINES } from "./logic";
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

/** Whether a console is scrolled to its end (the newest line), not back to read. */
const atNewest = (box: HTMLElement | null) => !box || box.scrollTop + box.clientHeight >= box.scrollHeight - 2;

/**
 * The console: a confession every 1.5 s, written into the list as plain elements after the banner,
 * which React renders and never touches again (issue 63: the page rendered again for each line,
 * 4-8 ms of main thread a second at rest; a line written directly costs a few tenths of a
 * millisecond). React keeps only whether it runs; a draw from the bag renders nothing.
 *
 * Like a real console, the list grows downwards and the newest line is kept in view by scrolling to
 * it, so a line moves nothing on the page: the lines before it move up by the scroll, which the
 * browser does not count as a layout shift (a column reversed so that the newest line sat at its
 * bottom by itself moved every line for each one: CLS 0.011-0.017 in Lighthouse's window). The
 * cursor, like a terminal's prompt, waits at the console's bottom (pushed there by the free space,
 * so a line does not push it down while the lines fit): one blink on the compositor from the first
 * paint (drawn after the newest line instead, its blink started again with each line: 0.8 ms a
 * second more at rest). The oldest lines go (when there are more than MAX_LINES) in the frame after
 * the one that paints the newest, with no scroll of the console's own in it: the lines after them
 * move up, and the browser's scroll anchoring (Safari: the scroll's end) moves the view with them,
 * so nothing moves on screen. Taken in the frame of the scroll to the newest, it counted as a shift
 * of every line in view (0.02-0.04 a line; twenty at a time, 0.17).
 */
function ConsoleOutput({ running }: { running: boolean }) {
  const { draw: next } = useShuffleBag(CONFESSIONS);
  const nextId = useRef(0);
  const scroller = useRef<HTMLElement>(null);
  const screen = useRef<HTMLOListElement>(null);
  const cursor = useRef<HTMLLIElement>(null);
  /** Lines held while a visitor reads back in a browser without scroll anchoring. */
  const held = useRef<HTMLLIElement[]>([]);
  /** The frames asked for, to drop the oldest lines after the newest has been painted. */
  const trimFrame = useRef(0);
  useEffect(() => () => cancelAnimationFrame(trimFrame.current), []);
  // Where lines are held (no scroll anchoring), they come when the visitor is back at the newest.
  // Elsewhere no scroll listener: the console's own scroll for each line would call it.
  useEffect(() => {
    const box = scroller.current;
    if (!box || scrollAnchoring()) return;
    const onScroll = () => {
      if (held.current.length > 0 && atNewest(box)) release(true);
    };
    box.addEventListener("scroll", onScroll, { passive: true });
    return () => box.removeEventListener("scroll", onScroll);
  });

  /** Drops all but the newest LINES_AFTER_TRIM between the banner and the cursor. */
  const trim = () => {
    trimFrame.current = 0;
    const list = screen.current;
    while (list && list.children.length > LINES_AFTER_TRIM + 2) list.children[1]?.remove();
  };

  /** Adds the held lines (`follow`: and scrolls to the newest), the oldest to go after the paint. */
  const release = (follow: boolean) => {
    const list = screen.current;
    const box = scroller.current;
    const end = cursor.current;
    if (!list || !box || !end || held.current.length === 0) return;
    for (const line of held.current.splice(0)) list.insertBefore(line, end);
    // One layout, the one the frame would make anyway (nothing is written after it).
    if (follow) box.scrollTop = box.scrollHeight;
    if (list.children.length > MAX_LINES + 2 && !trimFrame.current) {
      // This frame paints the new line; the next one, before its layout, drops the oldest.
      // (Twenty at a time: a removal moves every line after it, a frame's work; at every line,
      // 4.1-4.4 ms a second at rest with the console full, against 2.3-2.9 for the reversed column.)
      trimFrame.current = requestAnimationFrame(() => {
        trimFrame.current = requestAnimationFrame(trim);
      });
    }
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
      // A visitor scrolled back to read keeps their place: a line added below moves nothing they
      // read, and the oldest line's removal above is made up by the browser's scroll anchoring.
      // Safari has none, so there the lines wait until the visitor is back at the newest. (The
      // layout read here is the last frame's, still clean.)
      const following = atNewest(scroller.current);
      if (!following && !scrollAnchoring()) return;
      release(following);
    },
    running ? LINE_EVERY_MS : null,
  );

  return (
    // Reachable by keyboard to scroll back (and kept in place meanwhile).
    <section
      ref={scroller}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling log must be reachable by keyboard
      tabIndex={0}
      aria-label="Console"
      data-console-scroller=""
      className="scrollbar-console h-80 overflow-y-auto [contain:strict]"
    >
      {/* Not a live region: a confession every 1.5 s would drown a screen reader. */}
      <ol
        ref={screen}
        aria-label="Console output"
        className="flex min-h-full flex-col gap-1 p-4 font-mono text-sm text-emerald-400 sm:text-base"
      >
        {/* One block of text (line breaks, not blocks), so it counts as one paint. */}
        <li className="whitespace-pre-line text-emerald-600">{BANNER.join("\n")}</li>
        <li ref={cursor} aria-hidden="true" className="cursor-blink mt-auto">
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
