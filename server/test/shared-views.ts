import type { CrowdMessage } from "../../contracts/claps.ts";
import type { ClicksMessage } from "../../contracts/clicks.ts";
import type { Counts, TalliesMessage, TallyMessage } from "../../contracts/polls.ts";
import { applyCells, type CellsMessage, decodeCells, encodeCells, type WallMessage } from "../../contracts/wall.ts";

/**
 * What a visitor following every topic sees of the shared toys besides the bubble sheet (which
 * live-client.ts keeps), from every message it got (LiveClient.messages, kept from the first),
 * as their pages would see it: the wall (whole, then the cells painted since), the polls' counts,
 * the crowd's clap total and the Useless Button's total. A fuzzer compares these with the
 * store's (GET /api/wall, /api/polls ...). A gap in the wall's numbered messages is reported
 * (`wallGap`): on one server, in order, a visitor never misses one.
 */
export interface SharedViews {
  wall: string | null;
  wallGap: boolean;
  polls: Counts[] | null;
  claps: number | null;
  clicks: number | null;
}

type Seen = { topic?: string; t: string } & (
  | WallMessage
  | CellsMessage
  | TalliesMessage
  | TallyMessage
  | CrowdMessage
  | ClicksMessage
);

export function sharedViews(messages: readonly { topic?: string; t: string }[]): SharedViews {
  let wall: { cells: Uint8Array; seq: number } | null = null;
  let wallGap = false;
  let polls: Counts[] | null = null;
  let claps: number | null = null;
  let clicks: number | null = null;
  for (const message of messages as readonly Seen[]) {
    if (message.topic === "wall" && message.t === "wall") {
      const cells = decodeCells(message.cells);
      if (cells) wall = { cells, seq: message.seq };
    } else if (message.topic === "wall" && message.t === "cells" && wall) {
      // Cells before the whole wall are in it already (a page ignores them too).
      if (applyCells(wall, message).gap) wallGap = true;
    } else if (message.topic === "polls" && message.t === "tallies") {
      polls = message.counts.map((counts) => [...counts] as Counts);
    } else if (message.topic === "polls" && message.t === "tally" && polls) {
      polls[message.q] = [...message.counts] as Counts;
    } else if (message.topic === "claps" && message.t === "crowd") {
      claps = message.total;
    } else if (message.topic === "clicks" && message.t === "clicks") {
      clicks = message.total;
    }
  }
  return { wall: wall && encodeCells(wall.cells), wallGap, polls, claps, clicks };
}
