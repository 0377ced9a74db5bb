import { useState } from "react";
import { seededRandom } from "../../kit/lib/random";
import { Button } from "../../kit/ui/button";
import { ToyPage } from "../../kit/ui/toy-page";
import { EMOJIS, makeWall, type Tile } from "./logic";

// The first wall comes from a fixed seed so it is pre-rendered and paints at once;
// "Shuffle the wall" makes a truly random one.
const FIRST_WALL = makeWall(seededRandom(200));

export function EmojiWall() {
  const [wall, setWall] = useState<Tile[]>(FIRST_WALL);
  return (
    <ToyPage title="Emoji Wall" intro="Two hundred emojis. Sixteen kinds. Zero explanation.">
      <Button onClick={() => setWall(makeWall(Math.random))}>Shuffle the wall</Button>
      <ul aria-label="Emoji wall" className="grid w-full grid-cols-8 gap-1 sm:grid-cols-10 md:grid-cols-20">
        {wall.map((tile, i) => {
          const emoji = EMOJIS[tile.emoji];
          return (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: a tile is its position on the wall
              key={i}
              className={`emoji-tile ${tile.wiggle} grid aspect-square place-items-center text-2xl sm:text-3xl`}
              style={{ animationDelay: `${tile.delay}ms` }}
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
