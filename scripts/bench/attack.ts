// The attacker of `npm run bench:attack` (scripts/bench-attack.ts), in a process of its own so that
// its work does not slow the honest visitors' measurements: one person with a laptop and
// ATTACK_ADDRESSES loopback addresses (127.0.0.2 ...; the server sees each as an address of its
// own), running every attack of issue 56 at once, as fast as this process can, for ATTACK_SECONDS:
// channels opened to every cap and held (each new one without a token, so the server mints one),
// each channel at its message limit (pops), pings flooded on a socket that never reads, the API's
// GETs flooded, and frames of 2 KB of junk on channels of their own (the held ones kept clean). Prints what the server let it have, as one JSON line.
import { request } from "node:http";
import WebSocket from "ws";
import { BUBBLES_PATH, BUBBLES_TOPIC, decodeSheet } from "../../contracts/bubbles.ts";
import { liveUrl, readTopicFrame } from "../../contracts/live.ts";
import { raiseOpenFileLimit } from "../lib/process-limits.ts";

const origin = process.env.ATTACK_ORIGIN ?? "http://127.0.0.1:3000";
const seconds = Number(process.env.ATTACK_SECONDS ?? 60);
const addresses = Array.from({ length: Number(process.env.ATTACK_ADDRESSES ?? 16) }, (_, k) => `127.0.0.${k + 2}`);
/** Channels each address tries to hold (the production cap per address). */
const HOLD = Number(process.env.ATTACK_HOLD ?? 1000);
/** Upgrades each address has on the way at once. */
const OPENING = 20;
/** Messages sent every 10 ms, over all addresses: as many as this process can make (each channel's limit is 25 a second). */
const MESSAGES_PER_TICK = Number(process.env.ATTACK_MESSAGES_PER_TICK ?? 200);
/** A channel of junk per address this often. */
const JUNK_EVERY_MS = 500;

raiseOpenFileLimit();
const url = origin.replace(/^http/, "ws") + liveUrl([BUBBLES_TOPIC]);
const report = {
  addresses: addresses.length,
  upgrades: 0,
  upgradesOpened: 0,
  held: 0,
  openMax: 0,
  refusedBusy: 0,
  refusedHttp: 0,
  yielded: 0,
  closedByServer: {} as Record<string, number>,
  tokensMinted: 0,
  messagesSent: 0,
  messagesAnswered: 0,
  popsTaken: 0,
  junkSent: 0,
  pingsSent: 0,
  pingSocketsCut: 0,
  pingClosesByCode: {} as Record<string, number>,
  junkClosesByCode: {} as Record<string, number>,
  gets: {} as Record<string, number>,
};
const stopAt = Date.now() + seconds * 1000;
const running = () => Date.now() < stopAt;
let sheet = 0;
let open = 0;
const channels = new Map<string, Set<WebSocket>>(addresses.map((a) => [a, new Set()]));
let n = 0;

/** One channel from `localAddress`, held until the server closes it; then another takes its place. */
function openOne(localAddress: string, pending: { count: number }) {
  pending.count++;
  report.upgrades++;
  const ws = new WebSocket(url, { localAddress, perMessageDeflate: false });
  let opened = false;
  let joined = false;
  let busy = false;
  ws.on("message", (data, isBinary) => {
    if (isBinary) {
      const frame = readTopicFrame(new Uint8Array(data as Buffer));
      if (frame?.topic === BUBBLES_TOPIC) sheet = decodeSheet(frame.payload)?.sheet ?? sheet;
      return;
    }
    const text = data.toString();
    if (text.startsWith('{"t":"busy"')) busy = true;
    else if (text.startsWith('{"t":"joined"')) joined = true;
    else if (text.startsWith('{"t":"visitor"')) report.tokensMinted++;
    else if (text.includes('"t":"ok"')) {
      report.messagesAnswered++;
      report.popsTaken++;
    } else if (text.includes('"t":"no"')) report.messagesAnswered++;
  });
  ws.on("open", () => {
    opened = true;
    pending.count--;
    channels.get(localAddress)?.add(ws);
    open++;
    report.upgradesOpened++;
    report.openMax = Math.max(report.openMax, open);
  });
  ws.on("unexpected-response", () => {
    report.refusedHttp++;
    // With a listener here, ws leaves the refused upgrade to its caller: ended now (its request and
    // response destroyed, then `close`), so its place among the address's OPENING goes to the next
    // try (left open, each refusal kept one of the places for good, and a four-minute run held a
    // sixth of the channels of a one-minute one).
    ws.terminate();
  });
  ws.on("error", () => {});
  ws.on("close", (code) => {
    if (!opened) pending.count--;
    else {
      open--;
      channels.get(localAddress)?.delete(ws);
      // Held (joined), then told to give its place to an address holding fewer.
      if (busy && joined) report.yielded++;
      else if (busy) report.refusedBusy++;
      if (joined) report.closedByServer[code] = (report.closedByServer[code] ?? 0) + 1;
    }
    if (joined) report.held++;
  });
}

/** Every address keeps OPENING upgrades on the way until it holds HOLD channels. */
function fill() {
  const pending = new Map(addresses.map((a) => [a, { count: 0 }]));
  const timer = setInterval(() => {
    if (!running()) return clearInterval(timer);
    for (const address of addresses) {
      const waiting = pending.get(address) as { count: number };
      while (waiting.count < OPENING && (channels.get(address)?.size ?? 0) + waiting.count < HOLD) {
        openOne(address, waiting);
      }
    }
  }, 20);
}

const junk = Buffer.alloc(2048, 0xfe);

/** Pops on every held channel in turn, MESSAGES_PER_TICK every 10 ms. */
function flood() {
  const timer = setInterval(() => {
    if (!running()) return clearInterval(timer);
    let budget = MESSAGES_PER_TICK;
    for (const set of channels.values()) {
      for (const ws of set) {
        if (budget-- <= 0) return;
        if (ws.readyState !== ws.OPEN) continue;
        ws.send(JSON.stringify({ topic: BUBBLES_TOPIC, t: "pop", n: ++n, sheet, i: [n % 10_000] }));
        report.messagesSent++;
      }
    }
  }, 10);
}

/**
 * Frames of 2 KB of junk, on channels of their own (the held ones stay clean, as a careful attacker
 * would keep them): a new one per address every JUNK_EVERY_MS, which sends its junk once open.
 */
function junkFlood(localAddress: string) {
  const timer = setInterval(() => {
    if (!running()) return clearInterval(timer);
    const ws = new WebSocket(url, { localAddress, perMessageDeflate: false });
    ws.on("error", () => {});
    ws.on("open", () => {
      ws.send(junk, { binary: false });
      report.junkSent++;
    });
    ws.on("close", (code) => {
      report.junkClosesByCode[code] = (report.junkClosesByCode[code] ?? 0) + 1;
    });
  }, JUNK_EVERY_MS);
}

/** A socket per address that pings without end and never reads a pong; a new one when it is cut. */
function pingFlood(localAddress: string) {
  if (!running()) return;
  const ws = new WebSocket(url, { localAddress, perMessageDeflate: false });
  ws.on("error", () => {});
  ws.on("open", () => {
    ws.pause();
    const timer = setInterval(() => {
      if (!running() || ws.readyState !== ws.OPEN) return clearInterval(timer);
      for (let k = 0; k < 50; k++) ws.ping(Buffer.alloc(125, 7));
      report.pingsSent += 50;
    }, 10);
  });
  ws.on("close", (code) => {
    report.pingSocketsCut++;
    report.pingClosesByCode[code] = (report.pingClosesByCode[code] ?? 0) + 1;
    setTimeout(() => pingFlood(localAddress), 100);
  });
}

/** Four GETs of the sheet at a time per address, without end. */
function getFlood(localAddress: string) {
  const one = () => {
    if (!running()) return;
    const req = request(origin + BUBBLES_PATH, { localAddress, agent: false }, (res) => {
      report.gets[res.statusCode ?? 0] = (report.gets[res.statusCode ?? 0] ?? 0) + 1;
      res.resume();
      res.on("end", one);
    });
    req.on("error", () => setTimeout(one, 50));
    req.end();
  };
  for (let k = 0; k < 4; k++) one();
}

fill();
flood();
for (const address of addresses) {
  pingFlood(address);
  getFlood(address);
  junkFlood(address);
}
setTimeout(
  () => {
    process.stdout.write(`${JSON.stringify({ ...report, openAtEnd: open })}\n`);
    for (const set of channels.values()) for (const ws of set) ws.terminate();
    setTimeout(() => process.exit(0), 500).unref();
  },
  seconds * 1000 + 200,
);
