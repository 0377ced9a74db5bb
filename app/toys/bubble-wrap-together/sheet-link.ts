import {
  applyPops,
  BUBBLES_MESSAGE_LIMIT,
  BUBBLES_PATH,
  BUBBLES_TOPIC,
  countPopped,
  type DoneMessage,
  decodeSheet,
  isPopped,
  MAX_POPS_PER_MESSAGE,
  nextSheet,
  POPS_BURST,
  POPS_PER_SECOND,
  type PopsMessage,
  SEND_POPS_EVERY_MS,
  type Sheet,
  type SheetJson,
  type TickMessage,
} from "../../../contracts/bubbles";
import type { NoMessage, OkMessage } from "../../../contracts/live";
import { changes } from "../../kit/live/changes";
import { followTopicLater } from "../../kit/live/follow-later";
import { createOutbox } from "../../kit/live/outbox";
import { openTabStash } from "../../kit/live/tab-stash";
import { playScream } from "../../kit/sound/scream";
import { fromBase64 } from "./logic";
import type { SharedSheetState } from "./sheet-state";
import { LEGACY_PENDING_KEY, PENDING_PREFIX, type Pending, pendingOf, readSheet, writeSheet } from "./stored-sheet";

/**
 * The shared sheet's network half (shared-sheet.ts holds the state): the topic "bubbles" on the
 * page's live channel while the page is open; the pops made here go in batches through the outbox
 * and are kept in storage until confirmed, under a key of this tab's own (app/kit/live/tab-stash.ts),
 * so a tab closed while reconnecting loses none: the next tab to look takes them over; without
 * the channel, the page shows the last sheet it saw (kept in storage) with a plain word about why
 * it cannot pop. Started in the task after the page's hydration (shared-sheet.ts).
 */
export interface SheetLink {
  /** A pop made here: shown as this page's, sent with the next batch, kept until confirmed. */
  pop(i: number): void;
  stop(): void;
}

interface SheetStore {
  get(): SharedSheetState;
  update(next: Partial<SharedSheetState>, urgent?: boolean): void;
  reset(next: SharedSheetState): void;
}

const GIVEN_BACK = "Your pops could not be sent from this network, so they are back on the sheet.";
const FINISHED_MEANWHILE = "The sheet was finished before your last pops got there.";
/** Bubbles others pop scream at most this often, and more quietly than one's own. */
const OTHERS_SCREAM_MS = 250;

export function startSheetLink(store: SheetStore): SheetLink {
  let state = store.get();

  /** `urgent`: the visitor's own pop, shown at once; the server's news renders when the page has time. */
  function update(next: Partial<SharedSheetState>, urgent = false) {
    // The server's tick every few seconds, most often the same count here: nothing to render.
    if (!changes(next, state)) return;
    const mineChanged = next.mine !== undefined && next.mine !== state.mine;
    store.update(next, urgent);
    state = store.get();
    if (mineChanged) savePending();
  }

  /**
   * Unconfirmed pops from storage (this tab's from an earlier visit, or a closed tab's), until a
   * sheet to put them on arrives: kept in this tab's storage meanwhile, so they are never lost.
   */
  let restored: Pending[] = [];
  const stash = openTabStash(PENDING_PREFIX, { legacyKey: LEGACY_PENDING_KEY });
  let lastScream = 0;
  let celebrationTimer: ReturnType<typeof setTimeout> | undefined;

  function save() {
    const { sheet } = state;
    if (!sheet || state.connection !== "live") return;
    const seenAt = Date.now();
    writeSheet(sheet, seenAt);
    // Shown only once the page is away: every ten seconds, no render for it (a hidden tab too).
    store.reset({ ...store.get(), seenAt });
    state = store.get();
  }

  /** Keeps this tab's unconfirmed pops in storage: its own, and those waiting for their sheet. */
  function savePending() {
    const own = state.sheet && state.mine.size > 0 ? [{ sheet: state.sheet.sheet, i: [...state.mine] }] : [];
    const all = [...own, ...restored];
    stash.save(all.length > 0 ? all : null);
  }

  /** Pops left unconfirmed (by an earlier visit, or a closed tab), put back on `sheet` if they were made on it. */
  function restorePending(sheet: Sheet) {
    const pending = restored;
    if (pending.length === 0) return;
    restored = [];
    const mine = new Set(state.mine);
    for (const { sheet: made, i } of pending) {
      if (made === sheet.sheet) {
        for (const n of i) if (n < sheet.size && !isPopped(sheet.bits, n)) mine.add(n);
      } else if (made < sheet.sheet && i.length > 0) update({ notice: FINISHED_MEANWHILE });
    }
    for (const i of mine) if (!state.mine.has(i)) outbox.add(i);
    update({ mine });
    savePending();
  }

  /** Takes over the pops of tabs that are gone, and sends them with this tab's. */
  const adoptLeft = () =>
    stash.adoptLeft((values) => {
      restored.push(...values.flatMap(pendingOf));
      if (state.sheet) restorePending(state.sheet);
      else savePending();
    });

  /** A whole sheet from the server: it replaces this page's, keeping the pops still on their way. */
  function receiveSheet(sheet: Sheet) {
    const sameSheet = sheet.sheet === state.sheet?.sheet;
    const mine = new Set([...state.mine].filter((i) => sameSheet && !isPopped(sheet.bits, i)));
    const lost = !sameSheet && state.mine.size > 0;
    if (!sameSheet) outbox.clear();
    update({ sheet, mine, connection: "live", seenAt: Date.now(), ...(lost ? { notice: FINISHED_MEANWHILE } : {}) });
    restorePending(sheet);
  }

  type SheetMessage = PopsMessage | DoneMessage | TickMessage | OkMessage | NoMessage;

  function receive(message: SheetMessage) {
    const { sheet } = state;
    switch (message.t) {
      case "pops": {
        if (!sheet) return;
        const { fresh, gap, stale } = applyPops(sheet, message);
        if (stale) return;
        if (gap) askForTheSheet();
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
        outbox.clear();
        clearTimeout(celebrationTimer);
        celebrationTimer = setTimeout(() => update({ celebrate: null }), 6000);
        update({ sheet: nextSheet(sheet, message), mine: new Set(), celebrate: message.sheet });
        return;
      }
      case "tick": {
        update({ here: message.here });
        // Same place in the sequence, different count: something was missed. The whole sheet again.
        if (sheet && message.sheet === sheet.sheet && message.seq === sheet.seq && message.popped !== sheet.popped) {
          askForTheSheet();
        }
        return;
      }
      case "ok":
        outbox.confirm(message.n);
        return;
      case "no": {
        // Given back: refused for good, or told "later" too many times.
        const dropped = outbox.refuse(message.n, message.retryMs);
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

  /** The whole sheet again (something was missed), within the topic's limit like the pops. */
  const askForTheSheet = () => outbox.sendAside("sync", () => channel.send({ t: "sync" }));

  /** The sheet as the server answered over HTTP, shown while the page has none of its own. */
  function sheetOverHttp(json: unknown) {
    const body = json as Partial<SheetJson>;
    const bits = fromBase64(body.bits);
    if (state.sheet || !bits || typeof body.size !== "number") return;
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

  /**
   * The server answers, but the channel never opens (a network or proxy that blocks WebSockets):
   * pops cannot get through, so the page says so and gives back the ones it showed as its own
   * rather than keep them waiting for ever. The channel goes on trying, at its longest pauses.
   */
  function giveBack() {
    const givingBack = state.mine.size > 0;
    outbox.clear();
    update({ mine: new Set(), ...(givingBack ? { notice: GIVEN_BACK } : {}) });
  }

  const outbox = createOutbox<number>({
    everyMs: SEND_POPS_EVERY_MS,
    maxPerMessage: MAX_POPS_PER_MESSAGE,
    limit: BUBBLES_MESSAGE_LIMIT,
    // A backlog of pops goes at the pace the server takes them (15 a second), not refused.
    itemLimit: { burst: POPS_BURST, perSecond: POPS_PER_SECOND },
    send: (n, i) => {
      const sheet = state.sheet?.sheet;
      if (sheet === undefined || state.connection !== "live") return false;
      return channel.send({ t: "pop", n, sheet, i });
    },
  });
  const saved = state.sheet ? null : readSheet();
  if (saved) update(saved);
  // Pops made in this tab that no server confirmed before the page was left: shown again, and
  // sent, on the sheet they were made on; then those of tabs that are gone.
  restored = pendingOf(stash.own());
  if (state.sheet) restorePending(state.sheet);
  void adoptLeft();
  const channel = followTopicLater(
    BUBBLES_TOPIC,
    {
      resume: () => (state.sheet?.epoch ? `${state.sheet.epoch}.${state.sheet.seq}` : undefined),
      onBinary: (payload) => {
        const sheet = decodeSheet(payload);
        if (sheet) receiveSheet(sheet);
      },
      onMessage: (message) => receive(message as unknown as SheetMessage),
      onStatus: (status) => {
        if (status !== "open") return;
        // A resumed channel sends only what was missed; either way, the page is live again.
        outbox.resend();
        if (state.sheet?.epoch) update({ connection: "live" });
      },
    },
    {
      probePath: BUBBLES_PATH,
      wantsBody: () => !state.sheet,
      current: () => state.connection,
      set: (connection, retryAt, reason) =>
        update({ connection, busyUntil: retryAt ?? null, busyReason: reason ?? null }),
      onBody: sheetOverHttp,
      onBlocked: giveBack,
    },
  );
  // Every few seconds: the sheet kept for a visit without the server, this tab's pops marked as
  // alive (for browsers without Web Locks), and the pops of tabs closed since taken over.
  const saveTimer = setInterval(() => {
    save();
    stash.touch();
    void adoptLeft();
  }, 10_000);
  window.addEventListener("pagehide", save);

  return {
    pop(i) {
      outbox.add(i);
      update({ mine: new Set(state.mine).add(i), notice: null }, true);
    },
    stop() {
      save();
      channel.leave();
      outbox.stop();
      clearInterval(saveTimer);
      clearTimeout(celebrationTimer);
      window.removeEventListener("pagehide", save);
    },
  };
}
