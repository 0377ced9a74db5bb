import { retryDelay } from "./retry";

/**
 * The page's end of the live channel (contracts/live.ts): one WebSocket to the site's own server,
 * opened again after it drops, with growing pauses between tries (retry.ts) and none while the
 * browser is offline. `url` is asked again for every try, so it can say where the page left off.
 * A channel silent for `silentMs` (the server says something every few seconds) is taken for dead
 * and opened again.
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

export interface ChannelOptions {
  url: () => string;
  onText: (text: string) => void;
  onBinary?: (data: ArrayBuffer) => void;
  onStatus?: (status: ChannelStatus, failures: number) => void;
  silentMs?: number;
  random?: () => number;
}

export interface Channel {
  /** Sends a text message; false when the channel is not open (nothing is queued here). */
  send(text: string): boolean;
  readonly status: ChannelStatus;
  close(): void;
}

export function openChannel({ url, onText, onBinary, onStatus, silentMs = 20_000, random }: ChannelOptions): Channel {
  let socket: WebSocket | null = null;
  let status: ChannelStatus = "connecting";
  let failures = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let silenceTimer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const setStatus = (next: ChannelStatus) => {
    status = next;
    onStatus?.(next, failures);
  };

  function listenForSilence() {
    clearTimeout(silenceTimer);
    // A dead connection may take the browser long to close (no answer to its closing handshake):
    // the page lets go of it at once and opens another.
    silenceTimer = setTimeout(() => {
      const silent = socket;
      if (!silent) return;
      socket = null;
      silent.close();
      dropped();
    }, silentMs);
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
    const origin = window.location.origin.replace(/^http/, "ws");
    let opened: WebSocket;
    try {
      opened = new WebSocket(origin + url());
    } catch {
      dropped();
      return;
    }
    opened.binaryType = "arraybuffer";
    socket = opened;
    opened.onopen = () => {
      failures = 0;
      setStatus("open");
      listenForSilence();
    };
    opened.onmessage = (event: MessageEvent) => {
      listenForSilence();
      if (typeof event.data === "string") onText(event.data);
      else if (event.data instanceof ArrayBuffer) onBinary?.(event.data);
    };
    opened.onclose = () => {
      if (socket !== opened) return;
      socket = null;
      dropped();
    };
    opened.onerror = () => {};
  }

  function dropped() {
    clearTimeout(silenceTimer);
    if (closed) return;
    failures++;
    setStatus(navigator.onLine === false ? "offline" : "waiting");
    if (status === "waiting") retryTimer = setTimeout(connect, retryDelay(failures, random, 1000, 30_000));
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
    close() {
      closed = true;
      clearTimeout(retryTimer);
      clearTimeout(silenceTimer);
      window.removeEventListener("online", online);
      const open = socket;
      socket = null;
      open?.close(1000);
    },
  };
}
