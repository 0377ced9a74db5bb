// Pages' live channels in Node, for the reconnect storm (its test and `npm run bench:live`): the
// page's own code (app/kit/live/channel.ts) on Node's WebSocket, so what is measured is how the
// site's pages come back, not how a test client would.

import { type Channel, type ChannelStatus, openChannel } from "../../app/kit/live/channel.ts";
import {
  applyPops,
  BUBBLES_TOPIC,
  type DoneMessage,
  decodeSheet,
  nextSheet,
  type PopsMessage,
  type Sheet,
} from "../../contracts/bubbles.ts";
import { liveUrl, readTopicFrame } from "../../contracts/live.ts";

/** What a page's channel needs of a browser (it listens for `online`, which never comes here). */
function pretendToBeAPage() {
  const g = globalThis as unknown as { window?: object };
  g.window ??= { addEventListener: () => {}, removeEventListener: () => {} };
}

export interface PageChannel {
  channel: Channel;
  status: () => ChannelStatus;
  /** When the channel last opened (performance.now()), and how many times it has. */
  openedAt: () => number;
  /**
   * The moment (Date.now()) the page had planned the try that last opened, or 0 for its first
   * (which it made at once): what the page's own retry schedule chose, however late this
   * process's timers ran or the server answered.
   */
  plannedAt: () => number;
  /** Every try the page planned after one failed or was refused (Date.now()), in order. */
  tries: () => number[];
  opens: () => number;
  /** The sheet as this page holds it, kept as the page keeps it. */
  sheet: () => Sheet | null;
}

/** A page of the shared bubble sheet, following its topic on `origin`. */
export function openPageChannel(origin: string): PageChannel {
  pretendToBeAPage();
  let status: ChannelStatus = "connecting";
  let openedAt = 0;
  let opens = 0;
  let nextTryAt = 0;
  let plannedAt = 0;
  const tries: number[] = [];
  let sheet: Sheet | null = null;
  const channel = openChannel({
    origin,
    url: () => liveUrl([BUBBLES_TOPIC], { [BUBBLES_TOPIC]: sheet?.epoch ? `${sheet.epoch}.${sheet.seq}` : undefined }),
    onBinary: (data) => {
      const frame = readTopicFrame(data);
      if (frame?.topic === BUBBLES_TOPIC) sheet = decodeSheet(frame.payload) ?? sheet;
    },
    onText: (text) => {
      const message = JSON.parse(text) as PopsMessage | DoneMessage | { t: "other" };
      if (!sheet) return;
      if (message.t === "pops") applyPops(sheet, message);
      else if (message.t === "done") sheet = nextSheet(sheet, message);
    },
    onStatus: (next, attempts) => {
      status = next;
      if (next === "waiting" || next === "busy") {
        nextTryAt = attempts.retryAt ?? 0;
        if (nextTryAt > 0 && tries.at(-1) !== nextTryAt) tries.push(nextTryAt);
      }
      if (next === "open") {
        openedAt = performance.now();
        plannedAt = nextTryAt;
        opens++;
      }
    },
  });
  return {
    channel,
    status: () => status,
    openedAt: () => openedAt,
    plannedAt: () => plannedAt,
    tries: () => tries,
    opens: () => opens,
    sheet: () => sheet,
  };
}
