// With their extensions: Node runs this file as it is for the reconnect storm (scripts/lib/page-channels.ts).
import { CLOSE, HEALTHY_AFTER_MS, SILENT_AFTER_MS } from "../../../contracts/live.ts";
import { jitteredDelay } from "./retry.ts";

/**
 * The page's end of the live channel (contracts/live.ts): one WebSocket to the site's own server,
 * opened again after it drops, as a good citizen of a server that thousands of pages share:
 *
 * - the pause before each try is random within a window that doubles with each failure (full
 *   jitter, retry.ts), so pages cut at once come back spread out, and none while offline;
 * - a failure counts until a channel has stayed open HEALTHY_AFTER_MS (one closed right after it
 *   opened, because the server is full or stopping, is still a failure);
 * - the server's goodbye (`bye`, when it stops) sets the window to come back in; a close for a
 *   message the server will never take (1008, 1009) or for reading too slowly (1013) waits longer;
 * - an upgrade that does not open within `connectTimeoutMs`, and a channel silent for `silentMs`
 *   (the server's heartbeat comes every 10 s on every channel), are given up and tried again.
 *
 * `url` is asked again for every try, so it can say where the page left off. The heartbeat and the
 * goodbye are the channel's own; every other message goes to `onText` or `onBinary`.
 */
export type ChannelStatus =
  /** Opening (the first time, or again). */
  | "connecting"
  | "open"
  /** Closed; the next try is scheduled. */
  | "waiting"
  /** The browser says it is offline: the next try waits for it to come back. */
  | "offline"
  /** This browser has no WebSocket. */
  | "unsupported";

export interface ChannelAttempts {
  /** Failures in a row (reset once a channel has proven healthy). */
  failures: number;
  /** Tries in a row that never opened at all (a network that blocks WebSockets, a hung upgrade). */
  unopened: number;
}

export interface ChannelOptions {
  /** The channel's path and query (contracts/live.ts liveUrl), on `origin`: the page's own unless told. */
  url: () => string;
  origin?: string;
  onText: (text: string) => void;
  onBinary?: (data: ArrayBuffer) => void;
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
  origin: pageOrigin,
  onText,
  onBinary,
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
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let retryAt = 0;
  let silenceTimer: ReturnType<typeof setTimeout> | undefined;
  let connectTimer: ReturnType<typeof setTimeout> | undefined;
  let healthyTimer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const setStatus = (next: ChannelStatus) => {
    status = next;
    onStatus?.(next, { failures, unopened });
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
      opened = new WebSocket(origin + url());
    } catch {
      dropped(false);
      return;
    }
    opened.binaryType = "arraybuffer";
    socket = opened;
    let isOpen = false;
    connectTimer = setTimeout(() => abandon(opened, false), connectTimeoutMs);
    opened.onopen = () => {
      isOpen = true;
      clearTimeout(connectTimer);
      unopened = 0;
      setStatus("open");
      listenForSilence(opened);
      healthyTimer = setTimeout(() => {
        failures = 0;
      }, HEALTHY_AFTER_MS);
    };
    opened.onmessage = (event: MessageEvent) => {
      listenForSilence(opened);
      const { data } = event;
      if (typeof data === "string") {
        if (data.startsWith('{"t":"hb"')) return;
        if (data.startsWith('{"t":"bye"')) {
          heardGoodbye(data);
          return;
        }
        onText(data);
      } else if (data instanceof ArrayBuffer) onBinary?.(data);
    };
    opened.onclose = (event: CloseEvent) => {
      if (socket !== opened) return;
      socket = null;
      if (event.code === CLOSE.malformed || event.code === CLOSE.tooLarge) failures = REFUSED_FAILURES - 1;
      else if (event.code === CLOSE.tryLater) failures++;
      dropped(isOpen);
    };
    opened.onerror = () => {};
  }

  function heardGoodbye(text: string) {
    try {
      const retryMs = Number((JSON.parse(text) as { retryMs?: unknown }).retryMs);
      if (Number.isFinite(retryMs)) comeBackWithin = Math.min(Math.max(retryMs, 0), 60_000);
    } catch {
      // A goodbye this page cannot read: the usual pauses.
    }
  }

  function schedule(ms: number) {
    clearTimeout(retryTimer);
    retryAt = Date.now() + ms;
    retryTimer = setTimeout(connect, ms);
  }

  function dropped(wasOpen: boolean) {
    clearTimeout(silenceTimer);
    clearTimeout(connectTimer);
    clearTimeout(healthyTimer);
    if (closed) return;
    failures++;
    if (!wasOpen) unopened++;
    const atLeast = comeBackWithin;
    comeBackWithin = 0;
    setStatus(navigator.onLine === false ? "offline" : "waiting");
    if (status === "waiting") schedule(jitteredDelay(failures, { random, atLeast }));
  }

  function online() {
    if (closed || socket) return;
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
      clearTimeout(silenceTimer);
      clearTimeout(connectTimer);
      clearTimeout(healthyTimer);
      window.removeEventListener("online", online);
      const open = socket;
      socket = null;
      open?.close(1000);
    },
  };
}
