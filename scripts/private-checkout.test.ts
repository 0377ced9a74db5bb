import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, cpSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { expect, it } from "vitest";

/**
 * Issue 65: a fresh clone under a folder only its owner can read (as /root is), `npm test` as root,
 * was red in the unit stage: the package check's tests ran the script as `nobody`, who cannot enter
 * the checkout. Here the project's files (as they are now, tracked ones) in a 0700 folder, with
 * this checkout's node_modules, and `npm test`'s first stage and the package check's tests run
 * there, by whoever runs this (root in CI).
 */
const root = resolve(import.meta.dirname, "..");

it("the system stage and the package check's tests pass in a checkout only its owner can read", () => {
  const folder = mkdtempSync(join(tmpdir(), "private-checkout-"));
  try {
    chmodSync(folder, 0o700);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    const checkout = join(folder, "pointless-toys");
    const tracked = execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" }).split("\0");
    for (const file of tracked.filter(Boolean)) {
      const from = join(root, file);
      const to = join(checkout, file);
      mkdirSync(dirname(to), { recursive: true });
      try {
        cpSync(from, to);
      } catch {
        // Deleted in the working tree and not yet committed: not part of the project now.
      }
    }
    symlinkSync(join(root, "node_modules"), join(checkout, "node_modules"));
    const node = process.execPath;
    const system = spawnSync(node, ["scripts/system-packages.mjs"], { cwd: checkout, encoding: "utf8" });
    expect({ status: system.status, stderr: system.stderr }).toEqual({ status: 0, stderr: "" });
    const unit = spawnSync(
      node,
      [
        join(checkout, "node_modules/vitest/vitest.mjs"),
        "run",
        "--project",
        "logic",
        "scripts/system-packages.test.ts",
      ],
      { cwd: checkout, encoding: "utf8", env: { ...process.env, CI: "true", NO_COLOR: "1" } },
    );
    expect(unit.status, unit.stdout + unit.stderr).toBe(0);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's colours, taken out
    const said = unit.stdout.replace(/\x1b\[[0-9;]*m/g, "");
    expect(said).toMatch(/Tests\s+\d+ passed/);
    expect(said).not.toMatch(/failed|skipped/);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}, 60_000);
