// The 16 emojis, each with the name a screen reader says: the shared wall's palette
// (contracts/wall.ts), so the two walls show the same sixteen, written into this page's chunk at
// build time (scripts/build/wall-palette-module.ts) rather than shared with the other wall's page
// as a chunk of its own.
import { PALETTE as EMOJIS } from "virtual:wall-palette";
import { useState } from "react";
import { seededRandom } from "../../kit/lib/random";
import { Button } from "../../kit/ui/button";
import { PageLink } from "../../kit/ui/page-link";
import { ToyPage } from "../../kit/ui/toy-page";
import { makeWall, type Tile } from "./logic";

// The first wall comes from a fixed seed so it is pre-rendered and paints at once, wiggling from
// the first paint (each tile's wiggle is a CSS animation at its own moment: logic.ts);
// "Shuffle the wall" makes a truly random one.
const FIRST_WALL = makeWall(seededRandom(200), EMOJIS.length);

export function EmojiWall() {
  const [wall, setWall] = useState<Tile[]>(FIRST_WALL);

  return (
    <ToyPage title="Emoji Wall" intro="Two hundred emojis. Sixteen kinds. Zero explanation.">
      <Button onClick={() => setWall(makeWall(Math.random, EMOJIS.length))}>Shuffle the wall</Button>
      <ul aria-label="Emoji wall" className="grid w-full grid-cols-8 gap-1 sm:grid-cols-10 md:grid-cols-20">
        {wall.map((tile, i) => {
          const emoji = EMOJIS[tile.emoji];
          return (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: a tile is its position on the wall
              key={i}
              className={`emoji-tile wiggle-${tile.wiggle} grid aspect-square place-items-center text-[min(1.5rem,7.5vw)]/[1.333] sm:text-3xl`}
              style={{ animationDelay: `${-tile.phaseMs}ms` }}
            >
              <span role="img" aria-label={emoji?.name} className="emoji">
                {emoji?.char}
              </span>
            </li>
          );
        })}
      </ul>
      <PageLink
        to="/emojis/together"
        className="font-bold text-white underline underline-offset-4 hover:text-amber-100"
      >
        Paint with everyone: Emoji Wall for Everyone, one wall of 200 shared live
      </PageLink>
    </ToyPage>
  );
}
