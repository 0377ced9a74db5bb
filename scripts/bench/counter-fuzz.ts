// `npm run bench:counter -- --fuzz`: request lines and headers no client library would send,
// written byte for byte to the real server (on SQLite) on raw sockets: every method x target x
// header set below, plus a few whole request lines of their own, each case on a connection of its
// own with a short wait (FUZZ_CASES takes an even sample of that many). What counts is the first
// status line, or that the server closed the connection without one, or that it had not answered
// when the client gave up. Afterwards the server must still be running, `GET /`, `GET /healthz`
// and `GET /api/clicks` must answer 200, a send must still count, and no answer may have been a
// 500 (an error nobody expected).
import { connect } from "node:net";
import { startSiteProcess, stopProcess } from "../lib/local-servers.ts";

/** Bytes as a string with one character per byte (written as latin1). */
const utf8 = (text: string) => Buffer.from(text, "utf8").toString("latin1");

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
  "get",
  utf8("GÉT"),
  "G\x00T",
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
  "http://localhost/api/clicks?x=1",
  "http://[::1/",
  "https://example.com:99999/hi",
  "localhost:80",
  `/${"a".repeat(65_536)}`,
  utf8("/été/😀"),
  "/\xff\xfe",
  "/../../etc/passwd",
  "/api/clicks/../../../etc/passwd",
  "/api/clicks",
  "/api/clicks?batch=%",
  "/api/clicks?batch=x&batch=y",
  `/api/clicks?${"q=1&".repeat(2000)}`,
  "/api//..//",
  "/healthz?%",
];
const bigHeader = `X-Big: ${"b".repeat(65_536)}\r\n`;
const HEADERS = [
  "Host: localhost\r\n",
  "",
  "Host: a b\r\n",
  "Host: x\r\nHost: y\r\n",
  `Host: x\r\n${bigHeader}`,
  `Host: x\r\n${Array.from({ length: 200 }, (_, k) => `X-H${k}: ${k}\r\n`).join("")}`,
  "Host: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n",
  "Host: x\r\nContent-Length: -1\r\n",
  "Host: x\r\nContent-Length: 99999999999999999999\r\nContent-Type: application/json\r\n",
  'Host: x\r\nContent-Type: application/json\r\nContent-Length: 9\r\n\r\n{"a":1}',
  "Host: x\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\nzz\r\n{}\r\n0\r\n",
  "Host: x\r\nTransfer-Encoding: chunked\r\n\r\nffffffffffffffff\r\nx\r\n",
  "Host: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n",
  "Host: x\x00y\r\n",
  "Host: x\r\nX-Nul: a\x00b\r\n",
  "Host: x\nX-Bare: lf\n",
  "Host: x\r\n Folded: continuation\r\n",
  "Host: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n",
  `Host: x\r\nX-Forwarded-For: ${utf8("ÿþ")}, ::ffff:999.1.1.1, [::1\r\n`,
];
/** Whole requests that are odd before any header. */
const LINES = [
  "GET / HTTP/1.0\r\n\r\n",
  "GET / HTTP/2.0\r\nHost: x\r\n\r\n",
  "GET / HTTP/9.9\r\nHost: x\r\n\r\n",
  "GET /\r\n\r\n",
  "GET  /  HTTP/1.1\r\nHost: x\r\n\r\n",
  "GET\t/\tHTTP/1.1\r\nHost: x\r\n\r\n",
  "\r\n\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n",
  "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n",
  "\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03",
  "\x00\x00\x00\x00\r\n\r\n",
  `${"A".repeat(70_000)} / HTTP/1.1\r\n\r\n`,
  "POST /api/clicks HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}",
  "POST /api/clicks HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
];

function cases(): string[] {
  const all: string[] = [...LINES];
  for (const method of METHODS)
    for (const target of TARGETS)
      for (const headers of HEADERS) all.push(`${method} ${target} HTTP/1.1\r\n${headers}\r\n`);
  const wanted = Number(process.env.FUZZ_CASES ?? all.length);
  if (!(wanted < all.length)) return all;
  const step = all.length / wanted;
  return Array.from({ length: wanted }, (_, k) => all[Math.floor(k * step)] as string);
}

/** Writes one case on a new connection: the status it was answered with, or why there was none. */
function exchange(port: number, bytes: string, waitMs: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let answer = "";
    let settled = false;
    const done = (outcome: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(outcome);
    };
    const timer = setTimeout(() => done("no answer when the client gave up"), waitMs);
    socket.on("connect", () => socket.write(Buffer.from(bytes, "latin1")));
    socket.on("data", (data) => {
      answer += data.toString("latin1");
      const line = /^HTTP\/1\.[01] (\d{3})/.exec(answer);
      if (line) done(line[1] as string);
      else if (answer.length >= 12 || answer.includes("\n")) done("not an HTTP answer");
    });
    socket.on("close", () => done(answer ? "not an HTTP answer" : "closed without an answer"));
    socket.on("error", () => {});
  });
}

export async function fuzz(env: Record<string, string>): Promise<{ lines: string[]; failures: string[] }> {
  // Limits that never answer first: the fuzz is after the server's parsing, not its rate limit.
  const site = await startSiteProcess({
    ...env,
    COUNTER_READ_LIMIT: "1000000/1000000",
    COUNTER_WRITE_LIMIT: "1000000/1000000",
  });
  const logged = site.logs.length;
  const seen: Record<string, number> = {};
  const waitMs = Number(process.env.FUZZ_WAIT_MS ?? 300);
  const all = cases();
  const started = Date.now();
  try {
    // A few of the cases without an answer, to say which they were.
    const unanswered: Record<string, string[]> = {};
    for (const bytes of all) {
      const outcome = await exchange(site.port, bytes, waitMs);
      seen[outcome] = (seen[outcome] ?? 0) + 1;
      const examples = unanswered[outcome] ?? [];
      if (!/^\d{3}$/.test(outcome) && examples.length < 3) {
        const shown = JSON.stringify(bytes.length > 60 ? `${bytes.slice(0, 60)}…` : bytes);
        unanswered[outcome] = [...examples, `\`${shown.replaceAll("`", "'")}\``];
      }
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const alive = site.child.exitCode === null && site.child.signalCode === null;
    const status = async (path: string, init?: RequestInit) =>
      alive ? (await fetch(`${site.origin}${path}`, init).catch(() => ({ status: 0 }))).status : 0;
    const page = await status("/");
    const health = await status("/healthz");
    const total = await status("/api/clicks");
    const device = `fuzz-after-${process.pid}-${Date.now()}`;
    const sent = alive
      ? await fetch(`${site.origin}/api/clicks`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ device, from: 0, to: 3 }),
        })
          .then(async (r) => (r.status === 200 ? ((await r.json()) as { counted: number }).counted : -r.status))
          .catch(() => -1)
      : -1;
    const errors = site.logs.slice(logged).filter((line) => line.includes('"level":"error"'));
    const ok = alive && page === 200 && health === 200 && total === 200 && sent === 3 && !seen["500"];
    const answers = Object.entries(seen)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([outcome, n]) => `${outcome}: ${n}`)
      .join(", ");
    return {
      lines: [
        `- ${all.length} cases in ${seconds} s (${METHODS.length} methods x ${TARGETS.length} request targets x ${HEADERS.length} header sets, and ${LINES.length} odd request lines${all.length < LINES.length + METHODS.length * TARGETS.length * HEADERS.length ? `, an even sample of them` : ""}), each on its own connection, waiting at most ${waitMs} ms for an answer. Seen: ${answers}.${Object.entries(
          unanswered,
        )
          .map(
            ([outcome, examples]) =>
              ` ${outcome[0]?.toUpperCase()}${outcome.slice(1)}, for example: ${examples.join(", ")}.`,
          )
          .join("")}`,
        `- Afterwards the server ${alive ? "was still running" : "had stopped ✗"}: \`GET /\` answered ${page}, \`GET /healthz\` ${health}, \`GET /api/clicks\` ${total}, and a send of 3 clicks counted ${sent}; it logged ${errors.length} errors. ${ok ? "PASS" : "FAIL"}.`,
      ],
      failures: ok
        ? []
        : [
            `fuzz: running ${alive}, GET / ${page}, /healthz ${health}, /api/clicks ${total}, a send counted ${sent}, 500s ${seen["500"] ?? 0}`,
          ],
    };
  } finally {
    await stopProcess(site.child);
  }
}
