import { useRef, useState } from "react";
import { useInterval } from "../../kit/hooks/use-interval";
import { useReducedMotion } from "../../kit/hooks/use-reduced-motion";
import { seededRandom } from "../../kit/lib/random";
import { Button } from "../../kit/ui/button";
import { ToyPage } from "../../kit/ui/toy-page";
import { EMOJIS, makeWall, pickWigglers, type Tile, WIGGLE_EVERY_MS, WIGGLERS_PER_TICK } from "./logic";

// The first wall comes from a fixed seed so it is pre-rendered and paints at once;
// "Shuffle the wall" makes a truly random one.
const FIRST_WALL = makeWall(seededRandom(200));

export function EmojiWall() {
  const [wall, setWall] = useState<Tile[]>(FIRST_WALL);
  const list = useRef<HTMLUListElement>(null);
  const reducedMotion = useReducedMotion();

  // Every tick, the last batch of emojis stops (their 0.6 s wiggle is over) and a new batch starts
  // one. Classes are toggled on the elements directly, in one pass per tick: the 200 tiles are not
  // re-rendered, and no per-tile listener runs when a wiggle ends.
  const wiggling = useRef<Element[]>([]);
  useInterval(
    () => {
      const tiles = list.current?.children;
      if (!tiles) return;
      const done = wiggling.current;
      for (const tile of done) tile.classList.remove("is-wiggling");
      wiggling.current = pickWigglers(WIGGLERS_PER_TICK, tiles.length, Math.random)
        .map((i) => tiles[i])
        .filter((tile): tile is Element => tile !== undefined && !done.includes(tile));
      for (const tile of wiggling.current) tile.classList.add("is-wiggling");
    },
    reducedMotion ? null : WIGGLE_EVERY_MS,
  );

  return (
    <ToyPage title="Emoji Wall" intro="Two hundred emojis. Sixteen kinds. Zero explanation.">
      <Button onClick={() => setWall(makeWall(Math.random))}>Shuffle the wall</Button>
      <ul ref={list} aria-label="Emoji wall" className="grid w-full grid-cols-8 gap-1 sm:grid-cols-10 md:grid-cols-20">
        {wall.map((tile, i) => {
          const emoji = EMOJIS[tile.emoji];
          return (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: a tile is its position on the wall
              key={i}
              className={`emoji-tile ${tile.wiggle} grid aspect-square place-items-center text-2xl sm:text-3xl`}
            >
              <span role="img" aria-label={emoji?.name}>
                {emoji?.char}
              </span>
            </li>
          );
        })}
      </ul>
    </ToyPage>
  );
}
