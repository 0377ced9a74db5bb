import type * as v from "valibot";
import { createApi } from "../http/api.ts";
import { createBus } from "../live/bus.ts";
import type { TopicModule } from "../live/topic.ts";
import { toyDeps } from "../main.ts";
import { openBackends } from "../ops/backends.ts";
import { readConfig } from "../ops/config.ts";
import { createLogger } from "../ops/log.ts";
import { createMetrics } from "../ops/metrics.ts";
import { SHARED_TOYS } from "../toys/shared-toys.ts";
import { makeSiteFixture } from "./site-fixture.ts";

/**
 * What the server carries, read from the server itself: every topic of SHARED_TOYS with the
 * messages a page may send on it (each kind's valibot schema) and its message limit, and every
 * route of the API, built in this process as server/main.ts builds them (on SQLite in a new
 * folder) and stopped again. A fuzzer that reads them fuzzes a new toy without being edited.
 */
export interface SharedProtocol {
  topics: {
    topic: string;
    kinds: [t: string, schema: v.GenericSchema][];
    messageLimit: TopicModule["messageLimit"];
  }[];
  /** Every route of the API as Hono has it: method ("ALL" for any) and path. */
  routes: { method: string; path: string }[];
}

export async function readSharedProtocol(): Promise<SharedProtocol> {
  const site = makeSiteFixture();
  const log = createLogger("error", () => {});
  const config = readConfig({ COUNTER_DATA_DIR: site.dataDir });
  const backends = openBackends({ dataDir: site.dataDir, deadlineMs: 1500, log });
  const bus = createBus(backends, log);
  const modules = SHARED_TOYS.map((toy) => toy(toyDeps({ backends, bus, log, metrics: createMetrics(), config })));
  try {
    const api = createApi({ backends, routes: modules.flatMap((m) => (m.routes ? [m.routes] : [])), log });
    const routes = new Map<string, { method: string; path: string }>();
    // Middleware is listed as a route of its own ("*"): not a place a request is answered.
    for (const { method, path } of api.app.routes) if (path !== "/*") routes.set(`${method} ${path}`, { method, path });
    return {
      topics: modules.map((module) => ({
        topic: module.topic,
        kinds: Object.entries(module.messages ?? {}),
        messageLimit: module.messageLimit,
      })),
      routes: [...routes.values()],
    };
  } finally {
    for (const module of modules) await module.stop();
    await bus.close();
    await backends.close();
    site.remove();
  }
}
