import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { installLine, missingPackages, nginxLoads, PACKAGES, run } from "./system-packages.mjs";

/**
 * The script as another user sees the machine (not root; sudo and apt-get as given), with
 * SYSTEM_PACKAGES_MISSING pretending: its exit status and what it printed, and what it tried to
 * install (nothing, as another user). Called in this process: a process of another user's may not
 * reach the checkout at all (as root under /root, issue 65).
 */
function runAsUser(missing: string, as: { sudoThere?: boolean; args?: string[] } = {}) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const installs: string[][] = [];
  const before = process.env.SYSTEM_PACKAGES_MISSING;
  process.env.SYSTEM_PACKAGES_MISSING = missing;
  try {
    const status = run(as.args ?? [], {
      root: false,
      sudoThere: as.sudoThere ?? false,
      aptThere: true,
      out: (line) => stdout.push(line),
      err: (line) => stderr.push(line),
      install: (args) => {
        installs.push(args);
        return true;
      },
    });
    return { status, stdout: stdout.join("\n"), stderr: stderr.join("\n"), installs };
  } finally {
    if (before === undefined) delete process.env.SYSTEM_PACKAGES_MISSING;
    else process.env.SYSTEM_PACKAGES_MISSING = before;
  }
}

it("knows each package's reason, for the tests, the benches or both", () => {
  expect(PACKAGES.map((pkg) => pkg.name)).toEqual([
    "chromium-headless-shell",
    "chromium",
    "fonts-noto-color-emoji",
    "fonts-dejavu-core",
    "redis-server",
    "nginx",
    "libnginx-mod-http-brotli-static",
    "firefox-esr",
    "webkit2gtk-driver",
    "xvfb",
    "fonts-noto-core",
    "fonts-noto-cjk",
  ]);
  for (const pkg of PACKAGES) expect(pkg.why.length).toBeGreaterThan(20);
  process.env.SYSTEM_PACKAGES_MISSING = "nginx,fonts-noto-cjk";
  try {
    expect(missingPackages("test").map((pkg) => pkg.name)).toContain("nginx");
    expect(missingPackages("test").map((pkg) => pkg.name)).not.toContain("fonts-noto-cjk");
    expect(missingPackages("bench").map((pkg) => pkg.name)).toContain("fonts-noto-cjk");
  } finally {
    delete process.env.SYSTEM_PACKAGES_MISSING;
  }
});

it("as another user, stops at once with the one apt-get line that installs what is missing", () => {
  const asked = runAsUser("redis-server,nginx");
  expect(asked.status).toBe(1);
  expect(asked.installs).toEqual([]);
  expect(asked.stderr).toContain("redis-server: the shared toys' tests against a real Redis");
  const lines = asked.stderr.split("\n").filter((line) => line.includes("apt-get install"));
  expect(lines.map((line) => line.trim())).toEqual([installLine(["redis-server", "nginx"])]);
  expect(installLine(["redis-server", "nginx"])).toBe("sudo apt-get install -y redis-server nginx");
  // With --sudo and sudo there (.ci/run), it installs through sudo instead.
  const withSudo = runAsUser("redis-server,nginx", { sudoThere: true, args: ["--sudo"] });
  expect(withSudo.installs).toEqual([
    ["update", "-qq"],
    ["install", "-y", "-qq", "redis-server", "nginx"],
  ]);
});

it("says nothing and succeeds when nothing is missing", () => {
  expect(runAsUser("")).toEqual({ status: 0, stderr: "", stdout: "", installs: [] });
});

it("counts nginx's brotli module as there only when nginx loads it, not when its file is merely installed", () => {
  const dir = mkdtempSync(join(tmpdir(), "modules-enabled-"));
  try {
    expect(nginxLoads("ngx_http_brotli_static_module", dir)).toBe(false);
    writeFileSync(join(dir, "50-mod-http-echo.conf"), "load_module modules/ngx_http_echo_module.so;\n");
    expect(nginxLoads("ngx_http_brotli_static_module", dir)).toBe(false);
    // What Debian's package links there on a fresh install.
    writeFileSync(
      join(dir, "50-mod-http-brotli-static.conf"),
      "load_module modules/ngx_http_brotli_static_module.so;\n",
    );
    expect(nginxLoads("ngx_http_brotli_static_module", dir)).toBe(true);
    expect(nginxLoads("ngx_http_brotli_static_module", join(dir, "absent"))).toBe(false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const brotli = PACKAGES.find((pkg) => pkg.name === "libnginx-mod-http-brotli-static");
  expect(brotli?.enable?.to).toBe("/etc/nginx/modules-enabled/50-mod-http-brotli-static.conf");
});
