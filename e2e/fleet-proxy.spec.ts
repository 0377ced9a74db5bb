import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type WebSocket from "ws";
import { servedFiles } from "../scripts/build/nginx-includes";
import { SITE_CONFIG, startProxy } from "../scripts/lib/nginx";
import { expect, test as withoutFleet } from "./fixtures";
import { SERVED_BY, servedByHeader, withFleet } from "./proxied-fleet";
import { get, openChannel, type RawAnswer } from "./raw-client";

/**
 * nginx in front of the fleet as it ships (deploy/nginx/pointless-toys.conf), without a browser:
 * it serves the build as `npm start` does, the limits count each visitor by the address nginx saw
 * (whatever the visitor writes in X-Forwarded-For), and the same file with the Host line most
 * guides give is named by the servers for what it is.
 *
 * How the addresses are honest: all of 127.0.0.0/8 is this machine's loopback, so a client that
 * connects from 127.0.0.2 and one from 127.0.0.3 are two addresses to nginx, as two visitors on
 * the internet are. nginx passes the address it saw ($remote_addr) in X-Forwarded-For, in place of
 * anything the client wrote; the servers believe it because TRUST_PROXY names nginx (loopback).
 */
const test = withFleet({
  servers: 2,
  // Three new channels, and three reads of the counter, per address: then refused for a minute.
  env: { LIVE_UPGRADE_LIMIT: "3/1", COUNTER_READ_LIMIT: "3/1" },
});

/** The body as the browser reads it (decoded), and how it was sent. */
function decoded({ body, headers }: RawAnswer) {
  const coding = headers["content-encoding"];
  const bytes = coding === "br" ? brotliDecompressSync(body) : coding === "gzip" ? gunzipSync(body) : body;
  return { coding, sha: createHash("sha256").update(bytes).digest("hex") };
}

test("nginx serves every file of the build as the site's server does: the same bytes, type and headers", async ({
  fleet,
}) => {
  const server = fleet.servers[0]?.origin as string;
  const files = servedFiles("build/client");
  // The headers that make an answer the site's: the server's own for each file, and the file's type.
  const siteHeaders = [...new Set(files.flatMap(({ headers }) => Object.keys(headers))), "content-type"].map((name) =>
    name.toLowerCase(),
  );
  const paths = [
    ...files.map(({ path }) => path),
    ...["/", "/hi", "/hi/", "/blog/why-your-pet-rock-deserves-more-attention"],
    // Not files of the site: the 404 page, with status 404.
    ...["/nope", "/assets/", "/_headers", "/404.html", "/__spa-fallback.html", "/hi/index.html.br", "/.env"],
  ];
  for (const accepted of [["br", "gzip"], ["gzip"], []]) {
    const headers: Record<string, string> = accepted.length > 0 ? { "Accept-Encoding": accepted.join(", ") } : {};
    for (const path of paths) {
      const [proxied, direct] = [await get(fleet.origin + path, { headers }), await get(server + path, { headers })];
      const site = (answer: RawAnswer) => ({
        status: answer.status,
        body: decoded(answer).sha,
        ...Object.fromEntries(siteHeaders.map((name) => [name, answer.headers[name]])),
        // A hashed file has no validators from either (send-file.ts): never asked for again.
        ...(/^\/assets\/[^/]+$/.test(path)
          ? { etag: answer.headers.etag, lastModified: answer.headers["last-modified"] }
          : {}),
      });
      const what = `${path} (accepting ${accepted.join(", ") || "no coding"})`;
      expect(site(proxied), what).toEqual(site(direct));
      // A precompressed copy wherever the server sends one (and for the 404 page, which the server
      // keeps in memory as it is), in a coding the client takes.
      const [coding, served] = [decoded(proxied).coding, decoded(direct).coding];
      if (served) expect(coding, what).toBe(served);
      if (coding) expect(accepted, what).toContain(coding);
    }
  }
});

test("the limits count each visitor by the address nginx saw, and one that writes its own X-Forwarded-For gains nothing", async ({
  fleet,
}) => {
  const sockets: WebSocket[] = [];
  /** A channel from `from`: "taken", or the words of its refusal. */
  const channel = async (from: string, headers?: Record<string, string>) => {
    const outcome = await openChannel(fleet.origin, { from, headers });
    if (outcome.taken) sockets.push(outcome.socket);
    return outcome.taken ? "taken" : "busy" in outcome ? outcome.busy : `HTTP ${outcome.status}`;
  };
  const busy = "Very many pages opened from this network just now.";
  expect([await channel("127.0.0.2"), await channel("127.0.0.2"), await channel("127.0.0.2")]).toEqual([
    "taken",
    "taken",
    "taken",
  ]);
  expect(await channel("127.0.0.2")).toBe(busy);
  // Another address of its own making changes nothing: nginx writes the header.
  expect(await channel("127.0.0.2", { "X-Forwarded-For": "198.51.100.7" })).toBe(busy);
  expect(await channel("127.0.0.2", { "X-Forwarded-For": "127.0.0.3, 198.51.100.8" })).toBe(busy);
  // Another visitor, from another address, has its own allowance: the limit is not nginx's one address.
  expect(await channel("127.0.0.3")).toBe("taken");

  // The API's limits alike.
  const read = (from: string, headers?: Record<string, string>) =>
    get(`${fleet.origin}/api/clicks`, { from, headers }).then((answer) => answer.status);
  expect([await read("127.0.0.4"), await read("127.0.0.4"), await read("127.0.0.4")]).toEqual([200, 200, 200]);
  expect(await read("127.0.0.4")).toBe(429);
  expect(await read("127.0.0.4", { "X-Forwarded-For": "198.51.100.9" })).toBe(429);
  expect(await read("127.0.0.5")).toBe(200);

  for (const socket of sockets) socket.close();
  // Set up as shipped, the fleet has nothing to warn of.
  for (const { origin } of fleet.servers) {
    const ready = (await (await fetch(`${origin}/readyz`)).json()) as Record<string, unknown>;
    expect(ready, origin).toEqual({ ready: true, store: "redis", primary: new URL(fleet.redisUrl).host });
  }
});

test("behind nginx with `proxy_set_header Host $host;` on another port than 80, every channel is refused and the server names the proxy's mistake", async ({
  fleet,
}) => {
  const wrong = await startProxy({
    upstreams: fleet.servers.map((server) => server.port),
    edit: (site) =>
      servedByHeader(site.replace("    proxy_set_header Host $http_host;\n", "    proxy_set_header Host $host;\n")),
  });
  try {
    // Pages of the site, as a browser opens their channels: Origin is the address they were opened at.
    const refusedBy = new Set<number>();
    for (let k = 0; k < 4; k++) {
      const outcome = await openChannel(wrong.origin, { from: "127.0.0.6", headers: { Origin: wrong.origin } });
      expect(outcome).toMatchObject({ taken: false, status: 403 });
      const servedBy = "headers" in outcome ? String(outcome.headers[SERVED_BY.toLowerCase()]) : "";
      refusedBy.add(Number(servedBy.split(":").pop()));
    }
    const refusing = fleet.servers.filter((server) => refusedBy.has(server.port));
    expect(refusing.length, `the servers that refused them (${[...refusedBy]})`).toBeGreaterThan(0);
    for (const server of refusing) {
      // Its log names the mistake and the fix, once a minute however many pages it refuses.
      const named = () => server.logs.map((line) => JSON.parse(line)).filter((entry) => entry.kind === "host-port");
      await expect.poll(() => named().length).toBe(1);
      expect(named()[0]).toMatchObject({
        level: "warn",
        msg: expect.stringContaining("proxy_set_header Host $http_host;"),
        origin: `localhost:${wrong.port}`,
        host: "localhost",
      });
      // /readyz lists it (ready all the same: the pages are served).
      const ready = (await (await fetch(`${server.origin}/readyz`)).json()) as Record<string, unknown>;
      expect(ready).toMatchObject({
        ready: true,
        warnings: [{ kind: "host-port", advice: expect.stringContaining("$http_host") }],
      });
    }
    // The same page through the fleet's own nginx, as shipped, is taken.
    const right = await openChannel(fleet.origin, { from: "127.0.0.6", headers: { Origin: fleet.origin } });
    expect(right.taken).toBe(true);
    if (right.taken) right.socket.close();
  } finally {
    await wrong.stop();
  }
});

test("a request nginx sent to a server that then reset the connection goes to the next server, and counts once", async ({
  fleet,
}) => {
  // What a stopping server does to a request nginx had just sent: the connection was accepted (by
  // the kernel, into the listener's queue), then reset unread as the listener closed. A POST that
  // met it came back 502 (the failover spec saw one), as nginx sends a POST to the next server only
  // when told to (`non_idempotent`): every POST of the API is idempotent (a send names its device
  // and its range; the same send again counts nothing), so it may.
  let reset = 0;
  const resetting = createServer((socket) =>
    socket.once("data", () => {
      reset++;
      socket.resetAndDestroy();
    }),
  );
  await new Promise<void>((resolve) => resetting.listen(0, "127.0.0.1", resolve));
  const { port } = resetting.address() as AddressInfo;
  const proxy = await startProxy({ upstreams: [port, fleet.servers[0]?.port as number] });
  try {
    const total = async () => ((await (await fetch(`${fleet.origin}/api/clicks`)).json()) as { total: number }).total;
    const before = await total();
    const answers: { status: number; counted?: number }[] = [];
    for (let k = 0; k < 6; k++) {
      const response = await fetch(`${proxy.origin}/api/clicks`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ device: `reset-by-a-stopping-server-${k}`, from: 0, to: 3 }),
      });
      // nginx's own error page is HTML: its status is what the test reports.
      const answer = response.ok ? ((await response.json()) as { counted?: number }) : {};
      answers.push({ status: response.status, counted: answer.counted });
    }
    expect(answers).toEqual(Array.from({ length: 6 }, () => ({ status: 200, counted: 3 })));
    // nginx took turns: about half of them met the reset first.
    expect(reset).toBeGreaterThanOrEqual(2);
    expect(await total()).toBe(before + 18);
  } finally {
    await proxy.stop();
    await new Promise((resolve) => resetting.close(resolve));
  }
});

// No fleet for this one: nginx only reads its configuration.
withoutFleet("the shipped file passes `nginx -t` inside Debian's own nginx.conf, as an operator installs it", () => {
  // A copy of /etc/nginx pointing at itself, without Debian's welcome site, with the shipped file
  // in conf.d and only its folder changed: the brotli module comes from Debian's modules-enabled.
  const etc = mkdtempSync(join(tmpdir(), "pointless-etc-nginx-"));
  try {
    cpSync("/etc/nginx", etc, { recursive: true });
    rmSync(join(etc, "sites-enabled/default"), { force: true });
    const main = join(etc, "nginx.conf");
    writeFileSync(main, readFileSync(main, "utf8").split("/etc/nginx").join(etc));
    const site = readFileSync(SITE_CONFIG, "utf8").split("/srv/pointless-toys").join(process.cwd());
    writeFileSync(join(etc, "conf.d/pointless-toys.conf"), site);
    const checked = spawnSync(existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : "nginx", ["-t", "-c", main], {
      encoding: "utf8",
    });
    expect(checked.stderr).toContain("test is successful");
    expect(checked.status).toBe(0);
  } finally {
    rmSync(etc, { recursive: true, force: true });
  }
});
