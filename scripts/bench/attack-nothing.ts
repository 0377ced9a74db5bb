// The second attacker of `npm run bench:attack` (issue 66): a client that holds nothing, on
// ATTACK_ADDRESSES loopback addresses (127.0.0.2 ...), while the honest crowd fills the process. As
// fast as this process can, 20 upgrades on the way per address, in turn: one that hangs up as soon
// as its request is written; one that reads the answer and hangs up; one that reads the answer
// and stays silent for 3 s (it never answers the server's ping), then hangs up. Once its upgrade
// limit is spent, every one is refused. Before issue 66 each refused or abandoned upgrade closed a
// channel of the heaviest address while the process was full. Prints what it was answered, as one
// JSON line.
import { connect } from "node:net";
import { liveUrl } from "../../contracts/live.ts";
import { raiseOpenFileLimit } from "../lib/process-limits.ts";

const origin = new URL(process.env.ATTACK_ORIGIN ?? "http://127.0.0.1:3000");
const seconds = Number(process.env.ATTACK_SECONDS ?? 60);
const addresses = Array.from({ length: Number(process.env.ATTACK_ADDRESSES ?? 4) }, (_, k) => `127.0.0.${k + 2}`);
const OPENING = 20;
const SILENT_MS = 3000;

raiseOpenFileLimit();
const request =
  `GET ${liveUrl(["bubbles"])} HTTP/1.1\r\nHost: ${origin.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
  "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n";
const report = {
  addresses: addresses.length,
  upgrades: 0,
  hungUpAtOnce: 0,
  answeredThenHungUp: 0,
  answeredThenSilent: 0,
  /** What the answers began with: an HTTP status, and for a 101 whether it said busy at once. */
  answers: {} as Record<string, number>,
};
const stopAt = Date.now() + seconds * 1000;
const running = () => Date.now() < stopAt;
let turn = 0;

/** One upgrade from `localAddress`; resolves when it is done with. */
function one(localAddress: string): Promise<void> {
  report.upgrades++;
  const kind = turn++ % 3;
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port: Number(origin.port), localAddress });
    socket.on("error", () => {});
    socket.on("close", () => resolve());
    socket.write(request, () => {
      if (kind !== 0) return;
      report.hungUpAtOnce++;
      socket.destroy();
    });
    if (kind === 0) return;
    socket.once("data", (data) => {
      const text = data.toString("latin1");
      const status = text.slice(9, 12);
      const answer = status === "101" ? (text.includes('"t":"busy"') ? "101 busy" : "101") : status;
      report.answers[answer] = (report.answers[answer] ?? 0) + 1;
      socket.pause();
      if (kind === 1) {
        report.answeredThenHungUp++;
        socket.destroy();
      } else {
        report.answeredThenSilent++;
        setTimeout(() => socket.destroy(), SILENT_MS);
      }
    });
  });
}

async function keepGoing(localAddress: string) {
  while (running()) await one(localAddress);
}

for (const address of addresses) for (let k = 0; k < OPENING; k++) void keepGoing(address);
setTimeout(
  () => {
    process.stdout.write(`${JSON.stringify(report)}\n`);
    setTimeout(() => process.exit(0), 500).unref();
  },
  seconds * 1000 + SILENT_MS + 200,
);
