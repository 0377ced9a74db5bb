import { expect } from "vitest";

/** What a server's `GET /readyz` says (server/http/api.ts), as the tests read it. */
export interface Readyz {
  ready: boolean;
  store?: string;
  primary?: string;
  replicas?: number | "unknown";
  warnings?: { kind: string; advice: string }[];
}

export const readyz = async (origin: string) => (await (await fetch(`${origin}/readyz`)).json()) as Readyz;

/**
 * Waits (10 s at most) until the server on Redis is ready and says how many replicas its primary
 * has (`replicas`) with the one warning that goes with it (`warning`: no-replica, replicas-unknown).
 */
export const redisReadyWarning = (origin: string, replicas: Readyz["replicas"], warning: string) =>
  expect
    .poll(() => readyz(origin), { timeout: 10_000 })
    .toMatchObject({ ready: true, store: "redis", replicas, warnings: [expect.objectContaining({ kind: warning })] });
