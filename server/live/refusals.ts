import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { WebSocketServer } from "ws";
import { type BusyMessage, CLOSE } from "../../contracts/live.ts";
import type { Logger } from "../ops/log.ts";
import type { Metrics } from "../ops/metrics.ts";
import { bucket } from "./page-channel.ts";

/** What a page is told when the server cannot take its channel now, by why. */
export const FULL = "The site is very busy right now.";
export const SHARED = "Very many people share this network right now.";
export const RESTARTING = "The server is restarting. Back in a few seconds.";
export const TOO_MANY_NEW = "Very many pages opened from this network just now.";
/** How long a page told the process is full, or its address at its cap, waits before it tries again. */
export const BUSY_RETRY_MS = 10_000;

/** At most this many channels open at once only to be told the server is busy; past it, HTTP 503. */
export const MAX_REFUSING = 500;
/**
 * Busy words one address (its coarsest key) is told on a channel opened for them: 20 at once, then
 * 2 a second. Past it, a plain HTTP 429 (no WebSocket made, no message): an honest page waits what
 * it was told, so only a client that comes back before its time meets it, and a page that does asks
 * GET /api/live and says busy all the same (app/kit/live/connection.ts). Without it, bench:attack's
 * attacker, retrying at once, was opened, told and closed 900 times a second.
 */
export const BUSY_WORDS_LIMIT = { burst: 20, perSecond: 2 };
/** Addresses whose busy words are counted, at most; past it, all are forgotten at once. */
const MAX_COUNTED = 50_000;

/**
 * How the channel says no to an upgrade (sockets.ts decides when): an HTTP status for what no page
 * should ask (another path, unknown topics, another site), and for a page that must wait, the
 * channel opened only to say so in words it can read (`{t:"busy"}`, then 4429), at most
 * MAX_REFUSING at once. Every refusal is counted by reason in the metrics, and an operator hears of
 * them once a minute (a proxy set up wrong refuses every page, and its visitors cannot say why),
 * never once per upgrade.
 */
export function createRefusals({ wss, log, metrics }: { wss: WebSocketServer; log: Logger; metrics?: Metrics }) {
  let refusing = 0;
  let lately = new Map<string, number>();
  let told = new Map<string, () => boolean>();
  const readable = (address: string) => {
    let allowed = told.get(address);
    if (!allowed) {
      if (told.size >= MAX_COUNTED) told = new Map();
      allowed = bucket(BUSY_WORDS_LIMIT);
      told.set(address, allowed);
    }
    return allowed();
  };
  const refused = (reason: string) => {
    metrics?.upgradesRefused.inc({ reason });
    lately.set(reason, (lately.get(reason) ?? 0) + 1);
  };
  const logEveryMinute = setInterval(() => {
    if (lately.size === 0) return;
    log.warn("live upgrades refused in the last minute, by reason", Object.fromEntries(lately));
    lately = new Map();
  }, 60_000);
  logEveryMinute.unref();

  function refuseHttp(socket: Duplex, status: string, error: string, reason: string, retryAfter?: number) {
    refused(reason);
    const body = JSON.stringify({ error });
    const retry = retryAfter ? `Retry-After: ${retryAfter}\r\n` : "";
    socket.end(
      `HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Type: application/json\r\nCache-Control: no-store\r\n${retry}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }

  /** The server cannot take this channel now: it opens it only to say so, in words a page can read. */
  function refuseBusy(
    req: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    reason: string,
    words: string,
    retryMs: number,
    /** Who is told (an address's coarsest key), for the ceiling of readable refusals it gets. */
    address?: string,
  ) {
    // Gone already (it hung up while its limits were asked): nothing to tell, and no close to come
    // that would count it out of `refusing`.
    if (socket.destroyed) return refused(reason);
    if (refusing >= MAX_REFUSING) {
      return refuseHttp(socket, "503 Service Unavailable", words, reason, Math.ceil(retryMs / 1000));
    }
    if (address !== undefined && !readable(address)) {
      return refuseHttp(socket, "429 Too Many Requests", words, reason, Math.ceil(retryMs / 1000));
    }
    refused(reason);
    refusing++;
    let counted = true;
    socket.once("close", () => {
      if (counted) refusing--;
      counted = false;
    });
    wss.handleUpgrade(req, socket, head, (ws) => {
      ws.on("error", () => {});
      ws.send(JSON.stringify({ t: "busy", retryMs, reason: words } satisfies BusyMessage));
      ws.close(CLOSE.busy, "Busy");
      setTimeout(() => ws.terminate(), 1000).unref();
    });
  }

  return {
    refused,
    refuseHttp,
    refuseBusy,
    /** Whether so many are being told "busy" that the next is an HTTP 503. */
    crowded: () => refusing >= MAX_REFUSING,
    stop: () => clearInterval(logEveryMinute),
  };
}
