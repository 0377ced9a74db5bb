import { afterAll, beforeAll, vi } from "vitest";

/**
 * Run before every unit test file, in every project. A worker's files share its process
 * (vitest.config.ts: `isolate: false`), so what one file changes in it is there for the next: fake
 * timers left on, a mock or a stubbed global left in place, an environment variable left set (each
 * leaked to the next file when tried, 2026-12-05). Each file puts back what it changes; this puts
 * it back again when the file ends, so that a file that fails half-way, or forgets, cannot fail
 * another in a later order of files.
 */
let env: NodeJS.ProcessEnv = {};
beforeAll(() => {
  env = { ...process.env };
});
afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  for (const name of Object.keys(process.env)) if (!(name in env)) delete process.env[name];
  Object.assign(process.env, env);
});
