import { WALL_SIZE } from "../../contracts/wall.ts";
import type { StoredWall } from "./store.ts";

/**
 * The wall as one server process has it, with the store's version each cell is known as of: a
 * cell takes news only when it is later than what the copy has of it, so news the bus delivers in
 * another order than the store took it still leaves the copy as the store's. The cells taken since
 * the last message are gathered for the hub (hub.ts) to send.
 */
export function createWallCopy() {
  let copy: { cells: Uint8Array; versions: Float64Array; newest: number; generation: string } | null = null;
  /** Cells taken since the last numbered message (cell -> palette index). */
  let outgoing = new Map<number, number>();

  /** A cell's news of `version`: taken (and gathered to send) when it is later than what this copy has. */
  function take(cell: number, e: number, version: number) {
    if (!copy || cell < 0 || cell >= WALL_SIZE || version <= (copy.versions[cell] ?? 0)) return;
    copy.versions[cell] = version;
    copy.newest = Math.max(copy.newest, version);
    if (copy.cells[cell] === e + 1) return;
    copy.cells[cell] = e + 1;
    outgoing.set(cell, e);
  }

  return {
    take,
    /** The cells (palette index + 1, 0 for empty), or null before the wall is first read. */
    cells: () => copy?.cells ?? null,
    /** The generation of the store's data the copy is of (server/live/generation.ts). */
    generation: () => copy?.generation,
    /**
     * Whether a read of the store must replace the copy whole: there is none yet, the store went
     * back in time (emptied, or a Redis restarted without its data), or its data is of another
     * generation.
     */
    replacedBy: (stored: StoredWall) => !copy || stored.version < copy.newest || stored.generation !== copy.generation,
    /** The store's wall, every cell known as of its version; nothing gathered is sent. */
    replace(stored: StoredWall) {
      copy = {
        cells: stored.cells,
        versions: new Float64Array(WALL_SIZE).fill(stored.version),
        newest: stored.version,
        generation: stored.generation,
      };
      outgoing = new Map();
    },
    /**
     * A read of the store: a cell known only as of its version or earlier takes the store's, one
     * with later news keeps it. The cells that changed ([cell, palette index]).
     */
    heal(stored: StoredWall): [number, number][] {
      const healed: [number, number][] = [];
      for (let cell = 0; cell < WALL_SIZE; cell++) {
        const byte = stored.cells[cell] ?? 0;
        if (byte === 0) continue;
        const had = copy?.cells[cell];
        take(cell, byte - 1, stored.version);
        if (had !== byte && copy?.cells[cell] === byte) healed.push([cell, byte - 1]);
      }
      return healed;
    },
    /** The cells gathered since the last call ([cell, palette index]), or null when there are none. */
    drain(): [number, number][] | null {
      if (outgoing.size === 0) return null;
      const cells = [...outgoing];
      outgoing = new Map();
      return cells;
    },
  };
}
