import {
  applyPops,
  BUBBLES_PATH,
  bytesFor,
  countPopped,
  decodeSheet,
  isPopped,
  MAX_POPS_PER_MESSAGE,
  nextSheet,
  SEND_POPS_EVERY_MS,
  type Sheet,
  type SheetJson,
} from "../../../contracts/bubbles";
import { liveUrl, type ServerMessage, TICK_EVERY_MS } from "../../../contracts/live";
import { buzz } from "../../kit/lib/haptics";
import { readItem, writeItem } from "../../kit/lib/storage";
import { type Channel, openChannel } from "../../kit/live/channel";
import { createOutbox, type Outbox } from "../../kit/live/outbox";
import { requestJson } from "../../kit/live/request";
import { playScream } from "../../kit/sound/scream";
import { fromBase64, toBase64 } from "./logic";

/**
 * The shared sheet as this page holds it: what the server last confirmed (`sheet`), the pops made
 * here that it has not confirmed yet (`mine`, shown popped at once and sent in batches by the
 * outbox), and the state of the connection. One live channel while the page is open; without it,
 * the page asks the server over plain HTTP whether it is there at all, and shows the last sheet it
 * saw (kept in storage) with a plain word about why it cannot pop.
 */
export type Connection =
  | "connecting"
  | "live"
  /** The channel dropped; pops made now wait and go when it is back. */
  | "reconnecting"
  | "offline"
  /** There is no server for the shared sheet here (a static host). */
  | "no-server";

export interface SharedSheetState {
  connection: Connection;
  sheet: Sheet | null;
  mine: ReadonlySet<number>;
  here: number | null;
  /** The number of the sheet everyone just finished, for the celebration, or null. */
  celebrate: number | null;
  /** When the sheet shown was last known to be current (ms since 1970), for the offline note. */
  seenAt: number | null;
  /** A pop refused for good, in words (too fast, or the sheet was finished). */
  notice: string | null;
  version: number;
}

const STORAGE_KEY = "sharedBubbleSheet";
/** Bubbles others pop scream at most this often, and more quietly than one's own. */
const OTHERS_SCREAM_MS = 250;

let state: SharedSheetState = {
  connection: "connecting",
  sheet: null,
  mine: new Set(),
  here: null,
  celebrate: null,
  seenAt: null,
  notice: null,
  version: 0,
};
const initial = state;
const listeners = new Set<() => void>();

function update(next: Partial<SharedSheetState>) {
  state = { ...state, ...next, version: state.version + 1 };
  for (const listener of listeners) listener();
}

let channel: Channel | null = null;
let outbox: Outbox<number> | null = null;
let probing = false;
let lastScream = 0;
let saveTimer: ReturnType<typeof setInterval> | undefined;
let celebrationTimer: ReturnType<typeof setTimeout> | undefined;

/** The last sheet this browser saw, and when, from storage (untrusted: checked like a message). */
function savedSheet(): { sheet: Sheet; seenAt: number } | null {
  try {
    const saved = JSON.parse(readItem(STORAGE_KEY) ?? "null") as
      | (Omit<Sheet, "bits"> & { bits: string; seenAt: number })
      | null;
    const bits = fromBase64(saved?.bits);
    if (!saved || !bits || !Number.isSafeInteger(saved.size) || bits.length !== bytesFor(saved.size)) return null;
    const { sheet, size, finished, seenAt } = saved;
    if (![sheet, finished, seenAt].every(Number.isSafeInteger)) return null;
    return { sheet: { sheet, size, finished, seq: 0, epoch: 0, popped: countPopped(bits), bits }, seenAt };
  } catch {
    return null;
  }
}

function save() {
  const { sheet } = state;
  if (!sheet || state.connection !== "live") return;
  writeItem(STORAGE_KEY, JSON.stringify({ ...sheet, bits: toBase64(sheet.bits), seenAt: Date.now() }));
  update({ seenAt: Date.now() });
}

/** A whole sheet from the server: it replaces this page's, keeping the pops still on their way. */
function receiveSheet(sheet: Sheet) {
  const mine = new Set([...state.mine].filter((i) => sheet.sheet === state.sheet?.sheet && !isPopped(sheet.bits, i)));
  if (sheet.sheet !== state.sheet?.sheet) outbox?.clear();
  update({ sheet, mine, connection: "live", seenAt: Date.now() });
}

function receive(message: ServerMessage) {
  const { sheet } = state;
  switch (message.t) {
    case "pops": {
      if (!sheet) return;
      const { fresh, gap, stale } = applyPops(sheet, message);
      if (stale) return;
      if (gap) channel?.send(JSON.stringify({ t: "sync" }));
      const mine = new Set(state.mine);
      const others = fresh.filter((i) => !mine.delete(i));
      for (const i of message.i) mine.delete(i);
      if (others.length > 0 && Date.now() - lastScream > OTHERS_SCREAM_MS && document.visibilityState === "visible") {
        lastScream = Date.now();
        playScream(0.05);
      }
      update({ sheet: { ...sheet }, mine });
      return;
    }
    case "done": {
      if (!sheet) return;
      outbox?.clear();
      clearTimeout(celebrationTimer);
      celebrationTimer = setTimeout(() => update({ celebrate: null }), 6000);
      update({ sheet: nextSheet(sheet, message), mine: new Set(), celebrate: message.sheet });
      return;
    }
    case "tick": {
      update({ here: message.here });
      // Same place in the sequence, different count: something was missed. The whole sheet again.
      if (sheet && message.sheet === sheet.sheet && message.seq === sheet.seq && message.popped !== sheet.popped) {
        channel?.send(JSON.stringify({ t: "sync" }));
      }
      return;
    }
    case "ok":
      outbox?.confirm(message.n);
      return;
    case "no": {
      const dropped = outbox?.refuse(message.n, message.retryMs) ?? [];
      if (dropped.length === 0 && message.retryMs !== undefined) return;
      const mine = new Set(state.mine);
      for (const i of dropped) mine.delete(i);
      update({ mine, notice: message.error });
      return;
    }
    default:
      return;
  }
}

/** The channel is down: is the server there at all? The answer decides what the page says. */
async function probe() {
  if (probing) return;
  probing = true;
  const answer = await requestJson(BUBBLES_PATH);
  probing = false;
  if (channel?.status === "open") return;
  if (answer.kind === "not-api") {
    update({ connection: "no-server" });
    return;
  }
  if (answer.kind === "unreachable") {
    update({ connection: "offline" });
    return;
  }
  const body = answer.body as Partial<SheetJson>;
  const bits = fromBase64(body.bits);
  if (answer.status === 200 && !state.sheet && bits && typeof body.size === "number") {
    const sheet = {
      sheet: Number(body.sheet),
      seq: 0,
      size: body.size,
      popped: countPopped(bits),
      finished: Number(body.finished),
      epoch: 0,
      bits,
    };
    update({ sheet, here: Number(body.here) });
  }
  update({ connection: "reconnecting" });
}

function start() {
  outbox = createOutbox<number>({
    everyMs: SEND_POPS_EVERY_MS,
    maxPerMessage: MAX_POPS_PER_MESSAGE,
    send: (n, i) => {
      const sheet = state.sheet?.sheet;
      if (sheet === undefined || state.connection !== "live") return false;
      return channel?.send(JSON.stringify({ t: "pop", n, sheet, i })) ?? false;
    },
  });
  const saved = state.sheet ? null : savedSheet();
  if (saved) update(saved);
  channel = openChannel({
    url: () => liveUrl(["bubbles"], state.sheet?.epoch ? `${state.sheet.epoch}.${state.sheet.seq}` : undefined),
    onBinary: (data) => {
      const sheet = decodeSheet(data);
      if (sheet) receiveSheet(sheet);
    },
    onText: (text) => {
      try {
        receive(JSON.parse(text) as ServerMessage);
      } catch {
        // A message this page cannot read: the next tick or whole sheet puts it right.
      }
    },
    onStatus: (status) => {
      if (status === "open") {
        // A resumed channel sends only what was missed; either way, the page is live again.
        outbox?.resend();
        if (state.sheet?.epoch) update({ connection: "live" });
      } else if (status === "offline") update({ connection: "offline" });
      else if (status === "waiting") {
        if (state.connection === "live" || state.connection === "connecting") update({ connection: "reconnecting" });
        void probe();
      }
    },
    silentMs: TICK_EVERY_MS * 3,
  });
  saveTimer = setInterval(save, 10_000);
  window.addEventListener("pagehide", save);
}

function stop() {
  save();
  channel?.close();
  outbox?.stop();
  channel = null;
  outbox = null;
  clearInterval(saveTimer);
  clearTimeout(celebrationTimer);
  window.removeEventListener("pagehide", save);
  state = { ...initial, sheet: state.sheet, mine: new Set(), version: state.version + 1 };
}

export function subscribeSheet(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) start();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) stop();
  };
}

export const getSheetState = () => state;
export const getServerSheetState = () => initial;

/** Pops bubble `i` here: at once on screen, with its scream and buzz, and to the server soon. */
export function popBubble(i: number) {
  const { sheet, mine, connection } = state;
  if (!sheet || i < 0 || i >= sheet.size || isPopped(sheet.bits, i) || mine.has(i)) return;
  if (connection !== "live" && connection !== "reconnecting") return;
  outbox?.add(i);
  playScream();
  buzz();
  update({ mine: new Set(mine).add(i), notice: null });
}
