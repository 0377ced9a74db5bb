import type { PALETTE } from "../../contracts/wall.ts";
import { buildTimeModule } from "./build-time-module.ts";

/** The shared wall's palette (contracts/wall.ts), for the personal Emoji Wall (app/toys/emojis). */
export const WALL_PALETTE_ID = "virtual:wall-palette";

/**
 * Serves `virtual:wall-palette`: the shared wall's sixteen emojis with their names, written into
 * the chunk of the page that imports it. Both walls show the same sixteen; had `/emojis` imported
 * contracts/wall.ts as `/emojis/together` does, the contract would have been a chunk of its own, a
 * request on the shared wall's first load (1 KB of it, 400 bytes of headers; issue 46).
 */
export const wallPaletteModule = () =>
  buildTimeModule(WALL_PALETTE_ID, async (load) => {
    const wall = await load<{ PALETTE: typeof PALETTE }>("./contracts/wall.ts");
    return `export const PALETTE = ${JSON.stringify(wall.PALETTE)};\n`;
  });
