// The Debian packages the tests and the benches need beside the npm packages, in one place:
// `npm test` (scripts/test.ts, its first stage) and `.ci/run` both ask this file. The site itself
// (`npm start`) needs none of them.
//
//   node scripts/system-packages.mjs              what is missing for the tests, installed as root,
//                                                 else the one apt-get line that would install it
//   node scripts/system-packages.mjs --bench      the same for the benches (the tests' and more)
//   node scripts/system-packages.mjs --sudo       installs through sudo when not root (.ci/run)
//   node scripts/system-packages.mjs --list       prints the missing packages' names and exits
//
// Runs under any Node with no npm package installed (.ci/run asks it before `npm ci`).
import { spawnSync } from "node:child_process";
import { accessSync, constants, existsSync, readdirSync, readFileSync, symlinkSync } from "node:fs";
import { delimiter, join } from "node:path";
import { findChromium, HEADLESS_SHELL } from "./chromium.mjs";
import { FIREFOX, findMiniBrowser } from "./engine-binaries.mjs";

/** An executable named `name` on the PATH or in the system's sbin folders (not on a user's PATH). */
function hasCommand(name) {
  return [...(process.env.PATH ?? "").split(delimiter), "/usr/sbin", "/usr/local/sbin"].some((dir) => {
    try {
      accessSync(join(dir, name), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * Whether Debian's nginx loads the module `name`: a file in modules-enabled that loads it. The
 * package links one there on a fresh install only; a machine where it was removed (or a package
 * removed and installed again after its link went) has the module and nginx refuses the shipped
 * configuration ("unknown directive brotli_static").
 */
export function nginxLoads(name, dir = "/etc/nginx/modules-enabled") {
  try {
    return readdirSync(dir).some((file) => {
      try {
        return readFileSync(join(dir, file), "utf8").includes(name);
      } catch {
        return false;
      }
    });
  } catch {
    return false;
  }
}

const BROTLI_MODULE = "ngx_http_brotli_static_module";

/**
 * Each package: what needs it, and whether this machine has what it brings. `CHROMIUM_PATH`
 * stands for both Chromium packages.
 */
export const PACKAGES = [
  {
    name: "chromium-headless-shell",
    why: "the browser tests (scripts/chromium.mjs says why the headless shell)",
    present: () => Boolean(process.env.CHROMIUM_PATH) || existsSync(HEADLESS_SHELL),
    for: ["test", "bench"],
  },
  {
    name: "chromium",
    why: "the benches' browser, as a visitor runs it, and its test (scripts/bench/visitor-browser.ts)",
    present: () => Boolean(findChromium()),
    for: ["test", "bench"],
  },
  {
    name: "fonts-noto-color-emoji",
    why: "emoji in colour, as a visitor sees them (e2e/emoji-fonts.spec.ts)",
    present: () => existsSync("/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"),
    for: ["test", "bench"],
  },
  {
    name: "fonts-dejavu-core",
    why: "the UI font the emoji checks set (e2e/emoji-fonts.ts), with black outlines of some emoji",
    present: () => existsSync("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
    for: ["test", "bench"],
  },
  {
    name: "redis-server",
    why: "the shared toys' tests against a real Redis, and the fleet (started and stopped by the tests)",
    present: () => hasCommand("redis-server"),
    for: ["test", "bench"],
  },
  {
    name: "nginx",
    why: "the fleet's tests, through the shipped proxy configuration (deploy/nginx/)",
    present: () => hasCommand("nginx"),
    for: ["test", "bench"],
  },
  {
    name: "libnginx-mod-http-brotli-static",
    why: "nginx sending the build's brotli copies (deploy/nginx/pointless-toys.conf)",
    present: () => existsSync(`/usr/lib/nginx/modules/${BROTLI_MODULE}.so`) && nginxLoads(BROTLI_MODULE),
    // Installed and not loaded: the link the package makes on a fresh install.
    enable: {
      from: "/usr/share/nginx/modules-available/mod-http-brotli-static.conf",
      to: "/etc/nginx/modules-enabled/50-mod-http-brotli-static.conf",
    },
    for: ["test", "bench"],
  },
  {
    name: "firefox-esr",
    why: "the cross-engine tests in Firefox, driven over WebDriver BiDi (e2e/engines/)",
    present: () => existsSync(FIREFOX),
    for: ["test"],
  },
  {
    name: "webkit2gtk-driver",
    why: "the cross-engine tests in WebKit, Safari's engine: WebKitWebDriver and its MiniBrowser (e2e/engines/)",
    present: () => hasCommand("WebKitWebDriver") && Boolean(findMiniBrowser()),
    for: ["test"],
  },
  {
    name: "xvfb",
    why: "a display for WebKitGTK's MiniBrowser, which has no headless mode (e2e/engines/)",
    present: () => hasCommand("Xvfb"),
    for: ["test"],
  },
  {
    name: "fonts-noto-core",
    why: "the greetings in Bengali or Thai drawn, not boxes, where the benches measure text",
    present: () => existsSync("/usr/share/fonts/truetype/noto/NotoSansBengali-Regular.ttf"),
    for: ["bench"],
  },
  {
    name: "fonts-noto-cjk",
    why: "the greetings in Chinese, Japanese and Korean, where the benches measure text",
    present: () => existsSync("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"),
    for: ["bench"],
  },
];

/**
 * The packages `purpose` ("test" or "bench") needs that this machine lacks. SYSTEM_PACKAGES_MISSING
 * (names, comma-separated) counts those as missing whatever the machine has, for this file's test.
 */
export function missingPackages(purpose = "test") {
  const pretend = (process.env.SYSTEM_PACKAGES_MISSING ?? "").split(",").filter(Boolean);
  return PACKAGES.filter((pkg) => pkg.for.includes(purpose) && (pretend.includes(pkg.name) || !pkg.present()));
}

/** The one line that installs `names`. */
export const installLine = (names) => `sudo apt-get install -y ${names.join(" ")}`;

/** The packages of `missing` that are installed but not enabled, with the link that enables each. */
const installedUnlinked = (missing) => missing.filter((pkg) => pkg.enable && existsSync(pkg.enable.from));

/** The line that enables a package installed but not enabled. */
export const enableLine = ({ enable }) => `sudo ln -sf ${enable.from} ${enable.to}`;

function aptGet(args, sudo) {
  const command = sudo ? "sudo" : "apt-get";
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const run = spawnSync(command, sudo ? ["-E", "apt-get", ...args] : args, { stdio: "inherit", env });
  return run.status === 0;
}

/**
 * The script's whole run, for `args` (its command line), as `user` sees the machine (root or not;
 * whether sudo and apt-get are there): what it prints on `out` and `err`, and its exit status. Its
 * tests call it as another user would, without running a process as one (who may not reach the
 * checkout: as root under /root, issue 65).
 */
export function run(
  args,
  {
    root = process.getuid?.() === 0,
    sudoThere = hasCommand("sudo"),
    aptThere = hasCommand("apt-get"),
    out = (line) => console.log(line),
    err = (line) => console.error(line),
    install = aptGet,
    link = (pkg) =>
      root
        ? symlinkSync(pkg.enable.from, pkg.enable.to)
        : spawnSync("sudo", ["ln", "-sf", pkg.enable.from, pkg.enable.to], { stdio: "inherit" }),
  } = {},
) {
  const purpose = args.includes("--bench") ? "bench" : "test";
  const missing = missingPackages(purpose);
  if (args.includes("--list")) {
    if (missing.length) out(missing.map((pkg) => pkg.name).join(" "));
    return 0;
  }
  if (missing.length === 0) return 0;
  const names = missing.map((pkg) => pkg.name);
  const sudo = !root && args.includes("--sudo") && sudoThere;
  if ((root || sudo) && aptThere) {
    out(`Installing what the ${purpose === "bench" ? "benches" : "tests"} need: ${names.join(", ")}`);
    const ok = install(["update", "-qq"], sudo) && install(["install", "-y", "-qq", ...names], sudo);
    for (const pkg of installedUnlinked(missingPackages(purpose))) {
      out(`Enabling ${pkg.name}: ${enableLine(pkg)}`);
      link(pkg);
    }
    const still = missingPackages(purpose);
    if (ok && still.length === 0) return 0;
    err(`Could not install: ${still.map((pkg) => pkg.name).join(" ") || names.join(" ")}`);
    return 1;
  }
  err(
    [
      `The ${purpose === "bench" ? "benches" : "tests"} need Debian packages this machine does not have:`,
      ...missing.map((pkg) => `  ${pkg.name}: ${pkg.why}`),
      "Install them, then run this again:",
      `  ${installLine(names)}`,
      ...installedUnlinked(missing).map((pkg) => `  ${enableLine(pkg)}   (${pkg.name} is installed, not enabled)`),
    ].join("\n"),
  );
  return 1;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(run(process.argv.slice(2)));
