import * as v from "valibot";

/**
 * What a page may send on the topic "wall" (contracts/wall.ts: PaintRequest, SyncRequest). A cell
 * or an emoji is a whole number, never text; whether it is on the wall or the palette is the hub's
 * to say, in words (refusals.ts).
 */
const Whole = v.pipe(v.number(), v.safeInteger(), v.minValue(0));

export const WALL_MESSAGES = {
  paint: v.strictObject({ t: v.literal("paint"), n: Whole, cell: Whole, e: Whole }),
  sync: v.strictObject({ t: v.literal("sync") }),
};
