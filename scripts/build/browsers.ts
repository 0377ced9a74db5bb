/**
 * The browsers the site supports: those released in the last two years and a little more, so the
 * oldest Safari on a supported iPhone, the Firefox ESR still maintained and the Chromium of most
 * phones are in (README: Which browsers). The build's syntax targets them (vite.config.ts); an API
 * newer than them is feature-tested with a fallback, and the failure sweep takes each away
 * (e2e/failure-sweep.spec.ts). Firefox 128 and Safari 16.4 are also Tailwind CSS 4's own floor.
 */
export const SUPPORTED_BROWSERS = [
  { name: "Chrome", target: "chrome", version: "120" },
  { name: "Edge", target: "edge", version: "120" },
  { name: "Firefox", target: "firefox", version: "128" },
  { name: "Safari", target: "safari", version: "17.2" },
] as const;

/** The build's target, in the bundler's words ("chrome120", "safari17.2", ...). */
export const BUILD_TARGET = SUPPORTED_BROWSERS.map(({ target, version }) => `${target}${version}`);
