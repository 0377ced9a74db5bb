import { createServer, type Server } from "node:http";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/**
 * What an operator scrapes (Prometheus' text format, prom-client): the live channel's connections,
 * refusals and traffic by topic, the shared sheet's pops, every store call's latency and timeouts,
 * and prom-client's process metrics (event-loop delay, memory, CPU, open files). Served on a port
 * of its own (METRICS_PORT), never the public one: counts of refusals by reason are for the operator.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "pointless_" });
  const registers = [registry];
  const counter = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
    new Counter<L>({ name: `pointless_${name}`, help, labelNames, registers });
  return {
    registry,
    channels: new Gauge({ name: "pointless_live_channels", help: "Live channels open now.", registers }),
    upgradesRefused: counter("live_upgrades_refused_total", "Upgrades to the live channel refused, by reason.", [
      "reason",
    ]),
    channelsClosed: counter("live_channels_closed_by_server_total", "Live channels the server closed, by reason.", [
      "reason",
    ]),
    proxyWarnings: counter(
      "proxy_warnings_total",
      "Requests showing a proxy in front set up wrong (server/http/proxy-check.ts), by kind.",
      ["kind"],
    ),
    liveFaults: counter(
      "live_faults_total",
      "Faults of the server's own while it dealt with a page's message, join or leave (the channel is closed with 1011), by topic and stage.",
      ["topic", "stage"],
    ),
    busDropped: counter(
      "bus_messages_dropped_total",
      "Messages heard on the bus between processes and dropped (server/live/bus.ts), by channel and reason.",
      ["channel", "reason"],
    ),
    messagesIn: counter("live_messages_in_total", "Messages pages sent on the live channel, by topic.", ["topic"]),
    messagesOut: counter("live_messages_out_total", "Messages sent to pages on the live channel, by topic.", ["topic"]),
    popsStored: counter("bubbles_pops_stored_total", "Bubbles popped for the first time, as written to the store."),
    popsRefused: counter("bubbles_pops_refused_total", "Pops refused, by reason.", ["reason"]),
    storeSeconds: new Histogram({
      name: "pointless_store_call_seconds",
      help: "How long store calls took to answer (or to fail).",
      labelNames: ["store", "outcome"] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 1.5, 2.5],
      registers,
    }),
    storeTimeouts: counter("store_timeouts_total", "Store calls that met their deadline without an answer.", ["store"]),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** GET /metrics on `port` (and `host`): the registry in Prometheus' text format; 404 for anything else. */
export function serveMetrics(metrics: Metrics, port: number, host: string): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== "GET" || (req.url ?? "").split("?")[0] !== "/metrics") {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found\n");
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { "Content-Type": metrics.registry.contentType }).end(text),
      () => res.writeHead(500, { "Content-Type": "text/plain" }).end("Metrics unavailable\n"),
    );
  });
  server.headersTimeout = 5000;
  server.requestTimeout = 10_000;
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve(server);
    });
  });
}
