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
import { liveUrl, type ServerMessage } from "../../../contracts/live";
import { readItem, writeItem } from "../../kit/lib/storage";
import type { Channel, ChannelAttempts } from "../../kit/live/channel";
import { openChannelLater } from "../../kit/live/open-later";
import { createOutbox, type Outbox } from "../../kit/live/outbox";
import { noServerHere, requestJson } from "../../kit/live/request";
import { playScream } from "../../kit/sound/scream";
import { fromBase64, toBase64 } from "./logic";

/**
 * The shared sheet as this page holds it: what the server last confirmed (`sheet`), the pops made
 * here that it has not confirmed yet (`mine`, shown popped at once, sent in batches by the outbox,
 * and kept in storage until confirmed, so a tab closed while reconnecting loses none), and the state
 * of the connection. One live channel while the page is open; when a try to open it fails, the page
 * asks the server over plain HTTP whether it is there at all, and shows the last sheet it saw (kept
 * in storage) with a plain word about why it cannot pop. Every pop the page shows as its own is
 * stored by the server or given back on screen with the reason.
 */
export type Connection =
  | "connecting"
  | "live"
  /** The channel dropped; pops made now wait and go when it is back. */
  | "reconnecting"
  | "offline"
  /** There is no server for the shared sheet here (a static host). */
  | "no-server"
  /** The server answers over HTTP, but WebSockets never get through (a proxy or network blocks them). */
  | "blocked";

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
/** This page's pops the server has not confirmed yet, with the sheet they are for. */
const PENDING_KEY = "sharedBubblePending";
/** Tries in a row that never opened, while the server answers over HTTP, that mean "blocked". */
const BLOCKED_AFTER = 3;
const GIVEN_BACK = "Your pops could not be sent from this network, so they are back on the sheet.";
const FINISHED_MEANWHILE = "The sheet was finished before your last pops got there.";
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
  const mineChanged = next.mine !== undefined && next.mine !== state.mine;
  state = { ...state, ...next, version: state.version + 1 };
  if (mineChanged) savePending();
  for (const listener of listeners) listener();
}

/** Keeps this page's unconfirmed pops in storage (untrusted when read back: checked like a message). */
function savePending() {
  const sheet = state.sheet?.sheet;
  if (state.mine.size === 0 || sheet === undefined) writeItem(PENDING_KEY, "");
  else writeItem(PENDING_KEY, JSON.stringify({ sheet, i: [...state.mine] }));
}

function savedPending(): { sheet: number; i: number[] } | null {
  try {
    const saved = JSON.parse(readItem(PENDING_KEY) || "null") as { sheet?: unknown; i?: unknown } | null;
    if (!saved || !Number.isSafeInteger(saved.sheet) || !Array.isArray(saved.i)) return null;
    const i = saved.i.filter((n): n is number => Number.isSafeInteger(n) && n >= 0).slice(0, 10_000);
    return { sheet: saved.sheet as number, i };
  } catch {
    return null;
  }
}

let channel: Channel | null = null;
let outbox: Outbox<number> | null = null;
let probing = false;
/** The channel's count of failed tries, as it last told. */
let attempts: ChannelAttempts = { failures: 0, unopened: 0 };
/**
 * The buzz of a pop: its code is fetched once the sheet starts (after the page is live), not with
 * the page, so the page's first load stays within its budget.
 */
let haptics: Promise<typeof import("../../kit/lib/haptics")> | null = null;
const loadHaptics = () => (haptics ??= import("../../kit/lib/haptics"));
/** What storage said this page's unconfirmed pops were, until a sheet to put them on arrives. */
let restored: { sheet: number; i: number[] } | null = null;
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

/** Pops an earlier visit left unconfirmed (in storage), put back on `sheet` if they were made on it. */
function restorePending(sheet: Sheet) {
  const pending = restored;
  if (!pending || pending.i.length === 0) return;
  restored = null;
  if (pending.sheet !== sheet.sheet) {
    if (pending.sheet < sheet.sheet) update({ notice: FINISHED_MEANWHILE });
    writeItem(PENDING_KEY, "");
    return;
  }
  const mine = new Set([...state.mine, ...pending.i.filter((i) => i < sheet.size && !isPopped(sheet.bits, i))]);
  for (const i of mine) if (!state.mine.has(i)) outbox?.add(i);
  update({ mine });
}

/** A whole sheet from the server: it replaces this page's, keeping the pops still on their way. */
function receiveSheet(sheet: Sheet) {
  const sameSheet = sheet.sheet === state.sheet?.sheet;
  const mine = new Set([...state.mine].filter((i) => sameSheet && !isPopped(sheet.bits, i)));
  const lost = !sameSheet && state.mine.size > 0;
  if (!sameSheet) outbox?.clear();
  update({ sheet, mine, connection: "live", seenAt: Date.now(), ...(lost ? { notice: FINISHED_MEANWHILE } : {}) });
  restorePending(sheet);
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
      // Given back: refused for good, or told "later" too many times.
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

/**
 * A try to open the channel failed: is the server there at all? The answer decides what the page
 * says. It asks for the whole sheet only when it has none to show (a HEAD otherwise), and a
 * Retry-After holds the channel's next try back.
 */
async function probe() {
  if (probing) return;
  probing = true;
  const answer = await requestJson(BUBBLES_PATH, { method: state.sheet ? "HEAD" : "GET" });
  probing = false;
  if (channel?.status === "open") return;
  // A static host's 404 page: no server here. A proxy's 5xx page (a deploy): the server is away for now.
  if (noServerHere(answer)) {
    update({ connection: "no-server" });
    return;
  }
  if (answer.kind === "unreachable") {
    update({ connection: "offline" });
    return;
  }
  if (answer.kind === "json" && answer.retryAfterMs) channel?.holdOff(answer.retryAfterMs);
  // The tries counted by now: more may have failed while the question was on its way.
  if (answer.kind === "json" && answer.status === 200 && attempts.unopened >= BLOCKED_AFTER) {
    block();
    return;
  }
  if (answer.kind !== "json" || answer.status !== 200 || !answer.body) {
    update({ connection: "reconnecting" });
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

/**
 * The server answers, but the channel never opens (a network or proxy that blocks WebSockets):
 * pops cannot get through, so the page says so and gives back the ones it showed as its own
 * rather than keep them waiting for ever. The channel goes on trying, at its longest pauses.
 */
function block() {
  const givingBack = state.mine.size > 0;
  outbox?.clear();
  update({ connection: "blocked", mine: new Set(), ...(givingBack ? { notice: GIVEN_BACK } : {}) });
}

function start() {
  loadHaptics().catch(() => {});
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
  // Pops made here that no server confirmed before the page went away: shown again, and sent, on
  // the sheet they were made on.
  restored = savedPending();
  if (state.sheet) restorePending(state.sheet);
  channel = openChannelLater({
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
    onStatus: (status, latest) => {
      attempts = latest;
      if (status === "open") {
        // A resumed channel sends only what was missed; either way, the page is live again.
        outbox?.resend();
        if (state.sheet?.epoch) update({ connection: "live" });
      } else if (status === "offline") update({ connection: "offline" });
      else if (status === "waiting") {
        if (state.connection === "live" || state.connection === "connecting") update({ connection: "reconnecting" });
        // A channel that opened and closed (the server stopping, say) needs no question over HTTP.
        if (latest.unopened > 0) void probe();
      }
    },
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
  loadHaptics().then(
    ({ buzz }) => buzz(),
    () => {},
  );
  update({ mine: new Set(mine).add(i), notice: null });
}
