// The 16 emojis, each with the name a screen reader says: the shared wall's palette
// (contracts/wall.ts), so the two walls show the same sixteen, written into this page's chunk at
// build time (scripts/build/wall-palette-module.ts) rather than shared with the other wall's page
// as a chunk of its own.
import { PALETTE as EMOJIS } from "virtual:wall-palette";
import { useRef, useState } from "react";
import { useInterval } from "../../kit/hooks/use-interval";
import { useReducedMotion } from "../../kit/hooks/use-reduced-motion";
import { seededRandom } from "../../kit/lib/random";
import { Button } from "../../kit/ui/button";
import { PageLink } from "../../kit/ui/page-link";
import { ToyPage } from "../../kit/ui/toy-page";
import {
  makeWall,
  pickWigglers,
  type Tile,
  WIGGLE_EVERY_MS,
  WIGGLE_KEYFRAMES,
  WIGGLE_TIMING,
  WIGGLERS_PER_TICK,
} from "./logic";

// The first wall comes from a fixed seed so it is pre-rendered and paints at once;
// "Shuffle the wall" makes a truly random one.
const FIRST_WALL = makeWall(seededRandom(200), EMOJIS.length);

export function EmojiWall() {
  const [wall, setWall] = useState<Tile[]>(FIRST_WALL);
  const list = useRef<HTMLUListElement>(null);
  const reducedMotion = useReducedMotion();

  // Every tick a new batch of emojis starts one wiggle each, played with the Web Animations API:
  // the 200 tiles are not re-rendered, no class changes make the browser restyle the wall, and no
  // animationstart/animationend events run through React's root listener (CSS animations sent
  // forty per tick). The batch that just wiggled sits the next one out. The tiles have no
  // content-visibility: measured with Lighthouse, skipping the off-screen ones cost more on load
  // (TBT median 18 ms) than laying out all 200 (1 ms).
  const previous = useRef<number[]>([]);
  useInterval(
    () => {
      const tiles = list.current?.children;
      if (!tiles) return;
      const batch = pickWigglers(WIGGLERS_PER_TICK, tiles.length, Math.random).filter(
        (i) => !previous.current.includes(i),
      );
      for (const i of batch) {
        const tile = tiles[i];
        const kind = wall[i]?.wiggle;
        if (tile && kind && typeof tile.animate === "function") tile.animate(WIGGLE_KEYFRAMES[kind], WIGGLE_TIMING);
      }
      previous.current = batch;
    },
    reducedMotion ? null : WIGGLE_EVERY_MS,
  );

  return (
    <ToyPage title="Emoji Wall" intro="Two hundred emojis. Sixteen kinds. Zero explanation.">
      <Button onClick={() => setWall(makeWall(Math.random, EMOJIS.length))}>Shuffle the wall</Button>
      <ul ref={list} aria-label="Emoji wall" className="grid w-full grid-cols-8 gap-1 sm:grid-cols-10 md:grid-cols-20">
        {wall.map((tile, i) => {
          const emoji = EMOJIS[tile.emoji];
          return (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: a tile is its position on the wall
              key={i}
              className="emoji-tile grid aspect-square place-items-center text-2xl sm:text-3xl"
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
