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

  // A few emojis start a one-off wiggle every tick; classes are toggled on the elements directly,
  // so the 200 tiles are not re-rendered a few times a second.
  useInterval(
    () => {
      const tiles = list.current?.children;
      if (!tiles) return;
      for (const i of pickWigglers(WIGGLERS_PER_TICK, tiles.length, Math.random)) {
        const tile = tiles[i];
        if (!tile || tile.classList.contains("is-wiggling")) continue;
        tile.classList.add("is-wiggling");
        tile.addEventListener("animationend", () => tile.classList.remove("is-wiggling"), { once: true });
      }
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
