import type { ClicksSend } from "../../../contracts/clicks";
import { type Answer, noServerHere } from "../../kit/live/request";
import { counterState, update } from "./counter-state";
import { doubtOf, noteUnanswered, type Unanswered } from "./doubt";
import { ledgersEverywhere, waitingIn } from "./stored-ledger";

/**
 * The clicks the badge shows on top of the total: those waiting in every ledger of this browser,
 * and of them those in doubt (doubt.ts): sent by this page, or by beacon, with no answer yet.
 */

/** Per device, the sends (and beacons) of this page the server has not answered for. */
const unanswered = new Map<string, Unanswered>();

/** Tells the badge what waits and what of it is in doubt. */
export function showWaiting(): void {
  const ledgers = ledgersEverywhere();
  update({ pending: waitingIn(ledgers), ...doubtOf(ledgers, unanswered) });
}

/** `send` goes out, and until an answer says what became of it, the server may have counted it. */
export function sentUnanswered(send: ClicksSend): void {
  noteUnanswered(unanswered, send, counterState().total);
  showWaiting();
}

/** Whether an earlier send of `device` is still in doubt. */
export const inDoubt = (device: string): boolean => unanswered.has(device);

/** The server answered for `device` (what it counted, or that it never will): no doubt is left. */
export const answeredFor = (device: string): boolean => unanswered.delete(device);

/** Whether the server may have counted a send that got `answer`: it took the request, or may have. */
export const mayHaveCounted = (answer: Answer): boolean =>
  answer.kind === "unreachable" ||
  (answer.kind === "not-api" && !noServerHere(answer)) ||
  (answer.kind === "json" && answer.status >= 500);
