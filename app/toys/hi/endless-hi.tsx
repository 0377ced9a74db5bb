import { useEffect, useRef, useState } from "react";
import { seededRandom } from "../../kit/lib/random";
import { ToyPage } from "../../kit/ui/toy-page";
import { type Greeting, INITIAL_COUNT, MORE_COUNT, moreGreetings, THRESHOLD_PX } from "./logic";

// The first screenful comes from a fixed seed, so it is pre-rendered and paints at once; every
// greeting after that is truly random.
const FIRST = moreGreetings([], INITIAL_COUNT, seededRandom(20251003));

export function EndlessHi() {
  const [greetings, setGreetings] = useState<Greeting[]>(FIRST);
  const sentinel = useRef<HTMLDivElement>(null);
  const observer = useRef<IntersectionObserver | null>(null);

  // One batch each time the bottom comes within reach: the observer disarms itself when it adds a
  // batch, and is re-armed only once that batch is on the page (below). No layout reads on scroll.
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !("IntersectionObserver" in window)) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (!entries.at(-1)?.isIntersecting) return;
        io.unobserve(el);
        setGreetings((all) => moreGreetings(all, MORE_COUNT, Math.random));
      },
      { rootMargin: `0px 0px ${THRESHOLD_PX}px 0px` },
    );
    observer.current = io;
    io.observe(el);
    return () => {
      io.disconnect();
      observer.current = null;
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-arm after each batch is committed
  useEffect(() => {
    // Observing afresh reports where the bottom is now: still near (a very tall window) means one
    // more batch; otherwise the next batch waits for the visitor to scroll near the bottom again.
    const el = sentinel.current;
    if (el) observer.current?.observe(el);
  }, [greetings.length]);

  return (
    <ToyPage title="Endless Hi" intro="Hello. And hello again. And again. Scroll down, it never ends.">
      <ul aria-label="Greetings" className="flex w-full flex-col items-center gap-8 overflow-x-clip py-4">
        {greetings.map((g) => (
          <li
            key={g.id}
            lang={g.lang}
            className="w-full text-center leading-tight font-bold"
            style={{
              fontFamily: g.font,
              color: g.color,
              fontSize: `${g.size * 0.25}rem`,
              transform: `translateX(${g.x}%) rotate(${g.rotation}deg)`,
            }}
          >
            {g.text}
          </li>
        ))}
      </ul>
      <div ref={sentinel} aria-hidden="true" className="h-px w-full" />
      <p className="text-white/80">
        There is nothing at the bottom. There never was. Only more hellos. ({greetings.length} so far)
      </p>
    </ToyPage>
  );
}
