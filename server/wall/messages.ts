import * as v from "valibot";
import { PAINT_ID } from "../../contracts/wall.ts";

/**
 * What a page may send on the topic "wall" (contracts/wall.ts: PaintRequest, SyncRequest). A cell
 * or an emoji is a whole number, never text; whether it is on the wall or the palette is the hub's
 * to say, in words (refusals.ts). A paint names itself with an id of the form pages make (PAINT_ID).
 */
const Whole = v.pipe(v.number(), v.safeInteger(), v.minValue(0));

export const WALL_MESSAGES = {
  paint: v.strictObject({
    t: v.literal("paint"),
    n: Whole,
    id: v.pipe(v.string(), v.regex(PAINT_ID)),
    cell: Whole,
    e: Whole,
  }),
  sync: v.strictObject({ t: v.literal("sync") }),
};
