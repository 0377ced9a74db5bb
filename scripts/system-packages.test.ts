import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { installLine, missingPackages, nginxLoads, PACKAGES } from "./system-packages.mjs";

/** The script as another user would run it (nobody, when these tests run as root). */
function runAsUser(env: Record<string, string>) {
  const asRoot = process.getuid?.() === 0;
  return spawnSync(process.execPath, ["scripts/system-packages.mjs"], {
    env: { ...process.env, ...env },
    encoding: "utf8",
    ...(asRoot ? { uid: 65534, gid: 65534 } : {}),
  });
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
  const run = runAsUser({ SYSTEM_PACKAGES_MISSING: "redis-server,nginx" });
  expect(run.status).toBe(1);
  expect(run.stderr).toContain("redis-server: the shared toys' tests against a real Redis");
  const lines = run.stderr.split("\n").filter((line) => line.includes("apt-get install"));
  expect(lines.map((line) => line.trim())).toEqual([installLine(["redis-server", "nginx"])]);
  expect(installLine(["redis-server", "nginx"])).toBe("sudo apt-get install -y redis-server nginx");
});

it("says nothing and succeeds when nothing is missing", () => {
  const run = runAsUser({});
  expect({ status: run.status, stderr: run.stderr, stdout: run.stdout }).toEqual({ status: 0, stderr: "", stdout: "" });
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
