// `npm run test:deploy`, part of `npm test`: the usual production deploy, from a clean folder.
// The repository's files and the build (as CI would hand them over) are copied to a new folder,
// installed with `npm ci --omit=dev` (no build tools), and started with `npm start`: the site, the
// API and the health checks must answer, the start must not try to build, and SIGTERM must stop
// it cleanly. Fails (exit 1) on any miss. Needs `npm run build` first.
import { execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { freePort } from "./lib/local-servers.ts";

if (!existsSync("build/client/index.html")) {
  console.error("test:deploy: no build to deploy; run `npm run build` first");
  process.exit(1);
}

const folder = mkdtempSync(join(tmpdir(), "pointless-deploy-"));
const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failures.push(what);
};

try {
  // What a clone has (tracked files, and new ones not ignored), and the build CI made.
  const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { encoding: "utf8" })
    .split("\n")
    .filter((file) => file && existsSync(file));
  for (const file of files) {
    mkdirSync(dirname(join(folder, file)), { recursive: true });
    cpSync(file, join(folder, file));
  }
  cpSync("build", join(folder, "build"), { recursive: true });

  const started = Date.now();
  execFileSync("npm", ["ci", "--omit=dev", "--no-audit", "--no-fund", "--loglevel=error"], {
    cwd: folder,
    stdio: ["ignore", "ignore", "inherit"],
  });
  console.log(`npm ci --omit=dev: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  check(!existsSync(join(folder, "node_modules/vite")), "no build tools installed (vite is absent)");

  const port = await freePort();
  const server = spawn("npm", ["start"], {
    cwd: folder,
    env: { ...process.env, PORT: String(port), COUNTER_DATA_DIR: join(folder, "data"), LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "inherit"],
    detached: true,
  });
  let output = "";
  server.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
  const listening = await Promise.race([
    new Promise<boolean>((resolve) => {
      const poll = setInterval(() => {
        if (output.includes("wasting time on")) {
          clearInterval(poll);
          resolve(true);
        }
      }, 50);
      setTimeout(() => {
        clearInterval(poll);
        resolve(false);
      }, 30_000).unref();
    }),
    exited.then(() => false),
  ]);
  check(listening, "`npm start` serves");
  check(!output.includes("Building the site"), "`npm start` serves the build it was given, without building");

  if (listening) {
    const origin = `http://localhost:${port}`;
    const page = await fetch(`${origin}/hi`);
    check(page.status === 200 && (await page.text()).includes("<html"), "a page answers 200");
    check((await fetch(`${origin}/healthz`)).status === 200, "/healthz answers 200");
    check((await fetch(`${origin}/readyz`)).status === 200, "/readyz answers 200 (SQLite opened)");
    const sent = await fetch(`${origin}/api/clicks`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ device: "deploy-check-device-01", from: 0, to: 3 }),
    });
    check(sent.status === 200 && ((await sent.json()) as { total: number }).total === 3, "the counter counts");
  }

  // The signal goes to npm alone, as a container runtime sends it to its first process: npm passes
  // it on, and the start script has exec'd the server, so the server gets it.
  server.kill("SIGTERM");
  const code = await Promise.race([
    exited,
    new Promise((resolve) => setTimeout(() => resolve("hung"), 12_000).unref()),
  ]);
  await new Promise((resolve) => setTimeout(resolve, 200));
  check(output.includes('"msg":"stopped"'), "SIGTERM stops the server cleanly (it logs that it stopped)");
  check(code !== "hung", `npm exits (${String(code)})`);
  if (server.pid) {
    try {
      process.kill(-server.pid, "SIGKILL");
    } catch {
      // Already gone, as it should be.
    }
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}

if (failures.length > 0) {
  console.error(`test:deploy: ${failures.length} check(s) failed`);
  process.exit(1);
}
console.log("test:deploy: a production install starts and serves");
