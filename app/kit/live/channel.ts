// With their extensions: Node runs this file as it is for the reconnect storm (scripts/lib/page-channels.ts).
import { CLOSE, HEALTHY_AFTER_MS, SILENT_AFTER_MS } from "../../../contracts/live.ts";
import { type ComeBackSchedule, comeBackSchedule, jitteredDelay } from "./retry.ts";
import { askedWait, BUSY_WITHOUT_WORD_MS, fieldsOf, MAX_BUSY_MS, MIN_BUSY_MS } from "./server-word.ts";

/**
 * The page's end of the live channel (contracts/live.ts): one WebSocket to the site's own server,
 * opened again after it drops, as a good citizen of a server that thousands of pages share:
 *
 * - the pause before each try is random within a window that doubles with each failure (full
 *   jitter, retry.ts), so pages cut at once come back spread out, and none while offline;
 * - a failure counts until a channel has stayed open HEALTHY_AFTER_MS (one closed right after it
 *   opened, because the server is full or stopping, is still a failure);
 * - the server's goodbye (`bye`, when it stops) sets the window to come back in, and the tries
 *   that follow keep to it until one opens, however long the server takes to return
 *   (retry.ts, comeBackSchedule); a close for a message the server will never take (1008, 1009)
 *   or for reading too slowly (1013) waits longer;
 * - a server that cannot take the channel now (full, too many channels from one place, restarting)
 *   opens it only to say so (`busy`, then a close with CLOSE.busy): the page waits what it asked,
 *   up to a fifth more at random, and says "busy" in the server's words (never "blocked": the
 *   channel did open); so a channel is "open" only once the server has said something else (its
 *   `joined`, after the topics' joins, or any message of a server of an earlier build);
 * - an upgrade that does not open within `connectTimeoutMs`, and a channel silent for `silentMs`
 *   (the server's heartbeat comes every 10 s on every channel), are given up and tried again.
 *
 * `url` is asked again for every try, so it can say where the page left off. The heartbeat, the
 * goodbye, the busy word and the visitor token (`onVisitor`) are the channel's own; every other
 * message goes to `onText` or `onBinary`.
 */
export type ChannelStatus =
  /** Opening (the first time, or again). */
  | "connecting"
  | "open"
  /** Closed; the next try is scheduled, at `attempts.retryAt`. */
  | "waiting"
  /** The server said it is too busy to take the channel: the next try is at `attempts.retryAt`. */
  | "busy"
  /** The browser says it is offline: the next try waits for it to come back. */
  | "offline"
  /** This browser has no WebSocket. */
  | "unsupported";

export interface ChannelAttempts {
  /** Failures in a row (reset once a channel has proven healthy). */
  failures: number;
  /** Tries in a row that never opened at all (a network that blocks WebSockets, a hung upgrade). */
  unopened: number;
  /** When busy or waiting: the time of the next try (ms since 1970). */
  retryAt?: number;
  /** When busy: why, in the server's words (its `busy` message's reason), for the page to say. */
  reason?: string;
}

export interface ChannelOptions {
  /** The channel's path and query (contracts/live.ts liveUrl), on `origin`: the page's own unless told. */
  url: () => string;
  /** The subprotocols to offer (contracts/live.ts liveProtocols: the visitor token travels there, not in the URL). */
  protocols?: () => string[];
  origin?: string;
  onText: (text: string) => void;
  onBinary?: (data: ArrayBuffer) => void;
  /** The visitor token the server gave this page (contracts/live.ts VisitorMessage), unchecked. */
  onVisitor?: (token: string) => void;
  onStatus?: (status: ChannelStatus, attempts: ChannelAttempts) => void;
  silentMs?: number;
  connectTimeoutMs?: number;
  random?: () => number;
}

export interface Channel {
  /** Sends a text message; false when the channel is not open (nothing is queued here). */
  send(text: string): boolean;
  readonly status: ChannelStatus;
  /** Waits at least `ms` before the next try (the server said so over HTTP: Retry-After). */
  holdOff(ms: number): void;
  close(): void;
}

/** Failures a close for a message the server will never take counts as: the longest pauses. */
const REFUSED_FAILURES = 6;

export function openChannel({
  url,
  protocols,
  origin: pageOrigin,
  onText,
  onBinary,
  onVisitor,
  onStatus,
  silentMs = SILENT_AFTER_MS,
  connectTimeoutMs = 10_000,
  random,
}: ChannelOptions): Channel {
  let socket: WebSocket | null = null;
  let status: ChannelStatus = "connecting";
  let failures = 0;
  let unopened = 0;
  /** The window the server asked pages to come back in (its goodbye), for the next try. */
  let comeBackWithin = 0;
  /** The tries after a goodbye, until one opens. */
  let comeBack: ComeBackSchedule | null = null;
  /** The wait the server's busy word asked for, for the close that follows it, and its reason. */
  let busyFor: number | null = null;
  let busyReason: string | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let retryAt = 0;
  let silenceTimer: ReturnType<typeof setTimeout> | undefined;
  let connectTimer: ReturnType<typeof setTimeout> | undefined;
  /** When the channel last opened: one that stayed open HEALTHY_AFTER_MS has proven healthy. */
  let openedAt = 0;
  let closed = false;

  const setStatus = (next: ChannelStatus, nextTry?: number, reason?: string) => {
    status = next;
    const attempts: ChannelAttempts =
      nextTry === undefined ? { failures, unopened } : { failures, unopened, retryAt: nextTry };
    onStatus?.(next, reason === undefined ? attempts : { ...attempts, reason });
  };

  /** Lets go of a socket at once (a dead connection may take the browser long to close). */
  function abandon(dead: WebSocket, opened: boolean) {
    if (socket !== dead) return;
    socket = null;
    dead.close();
    dropped(opened);
  }

  function listenForSilence(current: WebSocket) {
    clearTimeout(silenceTimer);
    silenceTimer = setTimeout(() => abandon(current, true), silentMs);
  }

  function connect() {
    retryTimer = undefined;
    if (closed) return;
    if (typeof WebSocket === "undefined") {
      setStatus("unsupported");
      return;
    }
    if (typeof navigator !== "undefined" && navigator.onLine === false) {
      setStatus("offline");
      return;
    }
    setStatus("connecting");
    const origin = (pageOrigin ?? window.location.origin).replace(/^http/, "ws");
    let opened: WebSocket;
    try {
      opened = new WebSocket(origin + url(), protocols?.());
    } catch {
      dropped(false);
      return;
    }
    opened.binaryType = "arraybuffer";
    socket = opened;
    let isOpen = false;
    let answered = false;
    connectTimer = setTimeout(() => abandon(opened, false), connectTimeoutMs);
    opened.onopen = () => {
      isOpen = true;
      comeBack = null;
      clearTimeout(connectTimer);
      unopened = 0;
      listenForSilence(opened);
      openedAt = Date.now();
    };
    opened.onmessage = (event: MessageEvent) => {
      listenForSilence(opened);
      const { data } = event;
      const busy = typeof data === "string" && data.startsWith('{"t":"busy"');
      // The server took the channel: it said something other than that it is too busy to.
      if (!busy && !answered && busyFor === null) {
        answered = true;
        setStatus("open");
      }
      if (typeof data === "string") {
        if (data.startsWith('{"t":"hb"') || data.startsWith('{"t":"joined"')) return;
        if (data.startsWith('{"t":"bye"')) heardGoodbye(data);
        else if (busy) {
          const said = fieldsOf(data);
          busyFor = askedWait(said?.retryMs, MAX_BUSY_MS) ?? BUSY_WITHOUT_WORD_MS;
          busyReason = typeof said?.reason === "string" && said.reason.length <= 200 ? said.reason : undefined;
        } else if (data.startsWith('{"t":"visitor"')) {
          const token = fieldsOf(data)?.token;
          if (typeof token === "string") onVisitor?.(token);
        } else onText(data);
      } else if (data instanceof ArrayBuffer) onBinary?.(data);
    };
    opened.onclose = (event: CloseEvent) => {
      if (socket !== opened) return;
      socket = null;
      if (event.code === CLOSE.busy) busyFor ??= BUSY_WITHOUT_WORD_MS;
      dropped(isOpen, event.code);
    };
    opened.onerror = () => {};
  }

  function heardGoodbye(text: string) {
    // A goodbye this page cannot read: the usual pauses.
    comeBackWithin = askedWait(fieldsOf(text)?.retryMs, 60_000) ?? comeBackWithin;
  }

  /**
   * The server opened the channel only to say it is too busy: not a failure of the line (it opened,
   * so it never counts toward "blocked"), and the next try is when the server said, a little later
   * at random so that the pages it turned away do not all come back in the same second.
   */
  function turnedAway(waitMs: number) {
    const reason = busyReason;
    busyFor = null;
    busyReason = undefined;
    comeBack = null;
    const ms = Math.round(Math.max(waitMs, MIN_BUSY_MS) * (1 + 0.2 * (random ?? Math.random)()));
    schedule(ms);
    setStatus("busy", retryAt, reason);
  }

  function schedule(ms: number) {
    clearTimeout(retryTimer);
    retryAt = Date.now() + ms;
    retryTimer = setTimeout(connect, ms);
  }

  /**
   * The channel is gone (`code`: how the server closed it). One that stayed open HEALTHY_AFTER_MS
   * proved the line healthy: its failures are forgotten, read here rather than by a timer, so an
   * open channel has no timer but its watch for silence (issue 63: a hidden page's callbacks).
   */
  function dropped(wasOpen: boolean, code?: number) {
    clearTimeout(silenceTimer);
    clearTimeout(connectTimer);
    if (wasOpen && Date.now() - openedAt >= HEALTHY_AFTER_MS) failures = 0;
    if (code === CLOSE.malformed || code === CLOSE.tooLarge) failures = REFUSED_FAILURES - 1;
    else if (code === CLOSE.tryLater) failures++;
    if (closed) return;
    if (busyFor !== null) return turnedAway(busyFor);
    failures++;
    if (!wasOpen) unopened++;
    if (comeBackWithin > 0) comeBack = comeBackSchedule(comeBackWithin, Date.now(), random);
    comeBackWithin = 0;
    if (navigator.onLine === false) return setStatus("offline");
    schedule(comeBack ? Math.max(0, comeBack.nextTry(Date.now()) - Date.now()) : jitteredDelay(failures, { random }));
    setStatus("waiting", retryAt);
  }

  function online() {
    // Back online: try now, unless the server asked for time.
    if (closed || socket || status === "busy") return;
    clearTimeout(retryTimer);
    connect();
  }
  window.addEventListener("online", online);

  connect();

  return {
    send(text) {
      if (!socket || socket.readyState !== WebSocket.OPEN) return false;
      socket.send(text);
      return true;
    },
    get status() {
      return status;
    },
    holdOff(ms) {
      if (retryTimer !== undefined && retryAt - Date.now() < ms) schedule(ms);
    },
    close() {
      closed = true;
      clearTimeout(retryTimer);
      // Its watches stopped, and no next try (closed).
      dropped(false);
      window.removeEventListener("online", online);
      const open = socket;
      socket = null;
      open?.close(1000);
    },
  };
}
