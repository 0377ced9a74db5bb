import type { ClicksSend } from "../../../contracts/clicks";
import { type Ledger, waiting } from "./click-ledger";

/**
 * Clicks that went out with no answer: a send whose answer was lost (the server may have counted
 * it just before it stopped, or before its store's deadline passed), or a beacon not checked yet.
 * A total heard since may hold them already, so the badge must not add them to it as if it did
 * not: across a rolling restart that showed a total one click too high until the next answer
 * (issue 57). Until the server answers for them, the badge shows the most that cannot be too high.
 */
export interface Unanswered {
  /** How many clicks the unanswered sends of one device carried (the longest of them). */
  clicks: number;
  /** The total this page had heard before the first of them went out, or null if none yet. */
  floor: number | null;
}

export interface Doubt {
  /** Clicks waiting that the server may have counted already. */
  doubt: number;
  /**
   * Of them, those that left before any total this page heard (another page's beacon, adopted):
   * a floor says nothing of them.
   */
  doubtFloorless: number;
  /** The lowest total heard before one of the others went out, or null. */
  doubtFloor: number | null;
}

export const NO_DOUBT: Doubt = { doubt: 0, doubtFloorless: 0, doubtFloor: null };

/** The device's unanswered sends once `send` too got no answer, with the total heard before it left. */
export function noteUnanswered(unanswered: Map<string, Unanswered>, send: ClicksSend, heard: number | null): void {
  const before = unanswered.get(send.device);
  const floors = [before?.floor, heard].filter((floor): floor is number => typeof floor === "number");
  unanswered.set(send.device, {
    clicks: Math.max(before?.clicks ?? 0, send.to - send.from),
    floor: before && before.floor === null ? null : floors.length ? Math.min(...floors) : null,
  });
}

/**
 * The doubt over every ledger this page sees: its own unanswered sends and beacons (with the total
 * heard before each), and the beacons of pages gone whose ledgers it holds (with none).
 */
export function doubtOf(ledgers: readonly Ledger[], unanswered: ReadonlyMap<string, Unanswered>): Doubt {
  let doubt = 0;
  let doubtFloorless = 0;
  let doubtFloor: number | null = null;
  for (const ledger of ledgers) {
    const mine = unanswered.get(ledger.device);
    const beaconed = ledger.beaconed ? ledger.beaconed.to - ledger.acked : 0;
    const clicks = Math.min(waiting(ledger), Math.max(beaconed, mine?.clicks ?? 0));
    if (clicks <= 0) continue;
    doubt += clicks;
    if (mine === undefined || mine.floor === null) doubtFloorless += clicks;
    else doubtFloor = Math.min(doubtFloor ?? mine.floor, mine.floor);
  }
  return { doubt, doubtFloorless, doubtFloor };
}

/**
 * The total with the clicks waiting here: every one of them is counted once they are all sent,
 * so the truth is the total then. The clicks in doubt may be in `total` already; the clicks sent
 * after `doubtFloor` was heard are not in it. The higher of the two sums that follow is shown: each
 * is at most the truth, and with no doubt the first is `total + pending`.
 */
export function shownTotal(total: number, pending: number, { doubt, doubtFloorless, doubtFloor }: Doubt): number {
  const certain = total + pending - Math.min(doubt, pending);
  return doubtFloor === null ? certain : Math.max(certain, doubtFloor + pending - doubtFloorless);
}
