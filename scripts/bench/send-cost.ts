// What one message to one page costs the server, by way of sending: `node scripts/bench/send-cost.ts`
// (SEND_COST_SOCKETS, 4000). A ws server pinned to core 0 and a crowd of bare visitors (knee-crowd.ts)
// pinned to core 1; 20 times a second the server sends 1 or 5 messages to every socket, for 4 s per
// way, and reads its own CPU time (user: JavaScript; system: the kernel's writes) per message per
// socket. The ways: ws.send of the text with a labelled counter per page, as the channel sent until
// the capacity work (issue 45), and one frame made once and written straight to each socket, a turn's
// messages to a socket in one write (server/live/frames.ts). The figures in docs/live.md
// ("Capacity of one process") come from it.
import { fork } from "node:child_process";
import { once } from "node:events";
import { Counter, Registry } from "prom-client";
import { type WebSocket, WebSocketServer } from "ws";
import { createFrameWriter, textMessage } from "../../server/live/frames.ts";
import { loadavg, pin } from "./machine.ts";

const SOCKETS = Number(process.env.SEND_COST_SOCKETS ?? 4000);
pin(process.pid, "0");
const wss = new WebSocketServer({ port: 0, host: "127.0.0.1", perMessageDeflate: false });
await once(wss, "listening");
const sockets: WebSocket[] = [];
wss.on("connection", (ws) => {
  sockets.push(ws);
  ws.on("error", () => {});
});
const crowd = fork(new URL("./knee-crowd.ts", import.meta.url), { stdio: ["ignore", "inherit", "inherit", "ipc"] });
pin(crowd.pid as number, "1");
const port = (wss.address() as { port: number }).port;
crowd.send({ t: "open", targets: [{ host: "127.0.0.1", port }], from: 0, count: SOCKETS, topics: ["bubbles"] });
await once(crowd, "message");
while (sockets.length < SOCKETS) await new Promise((resolve) => setTimeout(resolve, 50));

const counter = new Counter({ name: "out", help: "-", labelNames: ["topic"], registers: [new Registry()] });
const text = JSON.stringify({
  topic: "bubbles",
  t: "pops",
  sheet: 3,
  i: Array.from({ length: 30 }, (_, k) => k * 311),
});
const writer = createFrameWriter();
const ways: Record<string, (texts: string[]) => void> = {
  "ws.send per page": (texts) => {
    for (const each of texts) {
      for (const ws of sockets) {
        if (ws.readyState !== ws.OPEN || ws.bufferedAmount > 1 << 20) continue;
        counter.inc({ topic: "bubbles" });
        ws.send(each);
      }
    }
  },
  "made once, one write a turn": (texts) => {
    for (const each of texts) {
      const message = textMessage(each);
      for (const ws of sockets) if (ws.bufferedAmount <= 1 << 20) writer.write(ws, message);
      counter.inc({ topic: "bubbles" }, sockets.length);
    }
  },
};

for (const perTurn of [1, 5]) {
  for (const [name, send] of Object.entries(ways)) {
    const texts = Array.from({ length: perTurn }, () => text);
    const before = process.cpuUsage();
    let turns = 0;
    const started = performance.now();
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        send(texts);
        turns++;
        if (performance.now() - started < 4000) return;
        clearInterval(timer);
        resolve();
      }, 50);
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const { user, system } = process.cpuUsage(before);
    const sent = turns * perTurn * sockets.length;
    console.log(
      `${name}, ${perTurn} message${perTurn > 1 ? "s" : ""} a turn: ${(user / sent).toFixed(2)} µs of JavaScript + ${(system / sent).toFixed(2)} µs in the kernel per message per socket (${sockets.length} sockets, load average ${loadavg()})`,
    );
  }
}
crowd.kill();
process.exit(0);
