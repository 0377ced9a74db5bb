// `npm run bench:counter -- --fuzz`: request lines and headers no client library would send,
// written byte for byte to the real server on raw sockets (each case its own connection, a short
// wait each), then the server must still be running and answer a page and the API.
import { connect } from "node:net";
import { startSiteProcess, stopProcess } from "../lib/local-servers.ts";

const METHODS = [
  "GET",
  "POST",
  "HEAD",
  "PUT",
  "DELETE",
  "OPTIONS",
  "PATCH",
  "CONNECT",
  "TRACE",
  "BREW",
  "G\u00c9T",
  "",
];
const TARGETS = [
  "/",
  "//",
  "//%",
  "//a:b",
  "/%",
  "/%00",
  "/%zz",
  "*",
  "http://x/",
  "http://[::1/",
  "https://example.com:99999/hi",
  `/${"a".repeat(65_536)}`,
  "/\u00e9t\u00e9",
  "/../../etc/passwd",
  "/api/clicks",
  "/api/clicks?batch=%",
  "/api/clicks?batch=x&batch=y",
  "/api/live?topics=bubbles",
  "/api//..//",
  "/healthz?%",
];
const HEADERS = [
  "Host: localhost\r\n",
  "",
  "Host: a b\r\n",
  `Host: x\r\nX-Big: ${"b".repeat(65_536)}\r\n`,
  `Host: x\r\n${Array.from({ length: 200 }, (_, k) => `X-H${k}: ${k}\r\n`).join("")}`,
  "Host: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n",
  "Host: x\r\nContent-Length: -1\r\n",
  "Host: x\r\nContent-Length: 99999999999\r\n",
  "Host: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
  "Host: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n",
  "Host: x\x00y\r\n",
  "Host: x\nX-Bare: lf\n",
  "Host: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n",
  "Host: x\r\nX-Forwarded-For: \u00ff\u00fe, ::ffff:999.1.1.1, [::1\r\n",
];

function exchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let answer = "";
    const done = () => {
      socket.destroy();
      resolve(answer.slice(0, 12));
    };
    const timer = setTimeout(done, 300);
    socket.on("connect", () => socket.write(Buffer.from(bytes, "latin1")));
    socket.on("data", (data) => {
      answer += data.toString("latin1");
      // The status line is all this needs.
      if (answer.includes("\r\n")) {
        clearTimeout(timer);
        done();
      }
    });
    socket.on("close", () => {
      clearTimeout(timer);
      done();
    });
    socket.on("error", () => {});
  });
}

export async function fuzz(env: Record<string, string>): Promise<{ lines: string[]; failures: string[] }> {
  const site = await startSiteProcess({ ...env, COUNTER_READ_LIMIT: "100000/1000000" });
  const seen: Record<string, number> = {};
  let cases = 0;
  try {
    for (const method of METHODS) {
      for (const target of TARGETS) {
        for (const headers of HEADERS) {
          const status = /^HTTP\/1\.1 (\d{3})/.exec(
            await exchange(site.port, `${method} ${target} HTTP/1.1\r\n${headers}\r\n`),
          )?.[1];
          const key = status ?? "closed without an answer";
          seen[key] = (seen[key] ?? 0) + 1;
          cases++;
        }
      }
    }
    const alive = site.child.exitCode === null && site.child.signalCode === null;
    const page = alive ? (await fetch(`${site.origin}/`)).status : 0;
    const api = alive ? (await fetch(`${site.origin}/api/clicks`)).status : 0;
    const ok = alive && page === 200 && api === 200 && !seen["500"];
    const answers = Object.entries(seen)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([status, n]) => `${status}: ${n}`)
      .join(", ");
    return {
      lines: [
        `- Fuzz: ${cases} request lines and headers (${METHODS.length} methods x ${TARGETS.length} targets x ${HEADERS.length} header sets, raw sockets, each on its own connection). Answers: ${answers}. Afterwards the server ${alive ? "was still running" : "had stopped ✗"}; \`GET /\` answered ${page} and \`GET /api/clicks\` ${api}.${ok ? "" : " ✗"}`,
      ],
      failures: ok ? [] : [`fuzz: alive ${alive}, page ${page}, api ${api}, 500s ${seen["500"] ?? 0}`],
    };
  } finally {
    await stopProcess(site.child);
  }
}
