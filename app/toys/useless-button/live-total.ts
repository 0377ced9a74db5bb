import { CLICKS_TOPIC, isCount, REFRESH_EVERY_MS } from "../../../contracts/clicks";
import { followTopicLater } from "../../kit/live/follow-later";
import type { FollowedTopic } from "../../kit/live/topics";
import { counterState, update } from "./counter-state";

/**
 * The global total as the page hears it: from the server's answers (global-counter.ts) and, once
 * the server has answered at all, on the live channel (topic "clicks"), so the number climbs while
 * the page is open. Asking for it goes on, less often, as the fallback for when the channel is down.
 */
let channel: FollowedTopic | null = null;
let following = false;

/** A total from the server; totals only grow, and a cached answer may be a second old. */
export function seeTotal(total: unknown): void {
  if (!isCount(total)) return;
  update({ total: Math.max(total, counterState().total ?? 0), mode: "live" });
  // The server is there: from now on its total also comes live, as others click.
  if (following && !channel) {
    channel = followTopicLater(CLICKS_TOPIC, {
      onMessage: (message) => {
        if (message.t === "clicks") seeTotal(message.total);
      },
    });
  }
}

/** While the counter talks to the server, the total is followed live once the server answers. */
export function followTotal(on: boolean): void {
  following = on;
  if (on) return;
  channel?.leave();
  channel = null;
}

/** The total is asked for every five seconds; every thirty while the live channel brings it anyway. */
export const askTotalEvery = () => (channel?.status === "open" ? 6 * REFRESH_EVERY_MS : REFRESH_EVERY_MS);
