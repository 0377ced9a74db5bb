// `npm run bench:fleet`'s second part: visitors through the proxy across the fleet's servers, the
// four toys at once at a person's pace (knee-actors.ts) and a listening crowd (knee-crowd.ts), for
// what the capacity table needs that one process cannot show: what goes through Redis (its
// commands and published messages a second, counted from INFO, never MONITOR), what each visitor
// receives through the proxy, and what the proxy and Redis cost in CPU.
import { fork } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { createClient } from "redis";
import { cpuTicks } from "../lib/process-limits.ts";
import { startActors, type Target, TOYS, type Toy } from "./knee-actors.ts";
import type { CrowdCommand, CrowdReport } from "./knee-crowd.ts";
import { loadavg } from "./machine.ts";

export interface FleetUnderTest {
  /** Where visitors connect: the proxy (or, without one, each server in turn). */
  targets: Target[];
  servers: number[];
  proxy: number[];
  redis: { url: string; pid: number };
}

export interface FleetRun {
  visitors: number;
  servers: number;
  /** Whether the visitors went through a proxy (else to each server directly). */
  proxied: boolean;
  seconds: number;
  fanOut: Record<Toy, { p50: number; p99: number; max: number; count: number }>;
  /** Bytes and messages per visitor per second, per toy and over all visitors. */
  perVisitor: Record<Toy | "all", { bytes: number; messages: number }>;
  redis: {
    commands: number;
    /** Calls a second by command (EVALSHA: the stores' scripts and the rate limits). */
    byCommand: Record<string, number>;
    publishes: number;
    publishedBytes: number;
    netInBytes: number;
    netOutBytes: number;
    cpu: number;
  };
  /** Shares of one core: each server, the proxy (its processes together), the load generator. */
  cpu: { servers: number[]; proxy: number; generator: number };
  actions: Record<Toy, number>;
  lost: number;
  load: string;
}

/** INFO's fields, as numbers where they are. */
async function info(client: { sendCommand(args: string[]): Promise<unknown> }) {
  const text = String(await client.sendCommand(["INFO", "all"]));
  const fields = new Map<string, string>();
  for (const line of text.split("\r\n")) {
    const at = line.indexOf(":");
    if (at > 0) fields.set(line.slice(0, at), line.slice(at + 1));
  }
  const calls = new Map<string, number>();
  for (const [field, value] of fields) {
    if (field.startsWith("cmdstat_")) calls.set(field.slice(8), Number(/calls=(\d+)/.exec(value)?.[1] ?? 0));
  }
  return {
    calls,
    commands: Number(fields.get("total_commands_processed") ?? 0),
    publishes: calls.get("publish") ?? 0,
    netIn: Number(fields.get("total_net_input_bytes") ?? 0),
    netOut: Number(fields.get("total_net_output_bytes") ?? 0),
  };
}

export async function runFleet(
  fleet: FleetUnderTest,
  { visitors, seconds }: { visitors: number; seconds: number },
): Promise<FleetRun> {
  const crowds = Array.from({ length: 3 }, () => {
    const child = fork(new URL("./knee-crowd.ts", import.meta.url), { stdio: ["ignore", "inherit", "inherit", "ipc"] });
    const waiting: ((report: CrowdReport) => void)[] = [];
    child.on("message", (report: CrowdReport) => waiting.shift()?.(report));
    return {
      child,
      send: (command: CrowdCommand) =>
        new Promise<CrowdReport>((resolve) => {
          waiting.push(resolve);
          child.send(command);
        }),
    };
  });
  const redis = createClient({ url: fleet.redis.url });
  await redis.connect();
  // Published messages' bytes: a subscriber of our own hears each once (PSUBSCRIBE to all); what
  // Redis sent it (RESP's pmessage, counted exactly) is taken out of Redis' own output.
  const listener = redis.duplicate();
  await listener.connect();
  let publishedBytes = 0;
  let listenerBytes = 0;
  const resp = (text: string) => `$${Buffer.byteLength(text)}\r\n`.length + Buffer.byteLength(text) + 2;
  await listener.pSubscribe("*", (message, channel) => {
    publishedBytes += Buffer.byteLength(message);
    listenerBytes += "*4\r\n".length + resp("pmessage") + resp("*") + resp(channel) + resp(message);
  });
  const actors = await startActors(fleet.targets);
  try {
    const share = Math.ceil(visitors / crowds.length);
    await Promise.all(
      crowds.map((crowd, k) =>
        crowd.send({
          t: "open",
          targets: fleet.targets,
          from: k * share,
          count: Math.max(0, Math.min(share, visitors - k * share)),
          topics: [...TOYS],
        }),
      ),
    );
    await sleep(3000);
    const stats = async () =>
      (await Promise.all(crowds.map((c) => c.send({ t: "stats" })))) as Extract<CrowdReport, { t: "stats" }>[];
    const generator = [process.pid, ...crowds.map((c) => c.child.pid as number)];
    const pids = [...fleet.servers, ...fleet.proxy, fleet.redis.pid, ...generator];
    const ticksBefore = pids.map(cpuTicks);
    const before = await stats();
    const infoBefore = await info(redis);
    const bytesBefore = publishedBytes;
    const listenerBefore = listenerBytes;
    actors.reset();
    const started = performance.now();
    await sleep(seconds * 1000);
    const elapsed = (performance.now() - started) / 1000;
    const infoAfter = await info(redis);
    const after = await stats();
    const ticks = pids.map((pid, k) => cpuTicks(pid) - (ticksBefore[k] ?? 0));
    const share100 = (t: number) => Math.round((t / 100 / elapsed) * 100);
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    const delta = (toy: Toy | "all", key: "bytes" | "messages") => {
      const of = (s: Extract<CrowdReport, { t: "stats" }>[]) =>
        sum(
          s.flatMap((c) =>
            Object.entries(c.topics)
              .filter(([t]) => toy === "all" || t === toy)
              .map(([, v]) => v[key]),
          ),
        );
      return of(after) - of(before);
    };
    const openOf = (toy: Toy | "all") =>
      sum(
        after.flatMap((c) =>
          Object.entries(c.topics)
            .filter(([t]) => toy === "all" || t === toy)
            .map(([, v]) => v.open),
        ),
      );
    const servers = fleet.servers.length;
    const at = (from: number, count: number) => ticks.slice(from, from + count);
    return {
      visitors,
      servers,
      proxied: fleet.proxy.length > 0,
      seconds: elapsed,
      fanOut: Object.fromEntries(
        TOYS.map((toy) => {
          const h = actors.latency[toy];
          return [toy, { p50: h.quantile(0.5), p99: h.quantile(0.99), max: Math.round(h.max), count: h.total }];
        }),
      ) as FleetRun["fanOut"],
      perVisitor: Object.fromEntries(
        ([...TOYS, "all"] as const).map((toy) => [
          toy,
          {
            bytes: delta(toy, "bytes") / Math.max(1, openOf(toy)) / elapsed,
            messages: delta(toy, "messages") / Math.max(1, openOf(toy)) / elapsed,
          },
        ]),
      ) as FleetRun["perVisitor"],
      redis: {
        commands: (infoAfter.commands - infoBefore.commands) / elapsed,
        byCommand: Object.fromEntries(
          [...infoAfter.calls]
            .map(([command, calls]): [string, number] => [
              command,
              (calls - (infoBefore.calls.get(command) ?? 0)) / elapsed,
            ])
            .filter(([, perSecond]) => perSecond > 0),
        ),
        publishes: (infoAfter.publishes - infoBefore.publishes) / elapsed,
        publishedBytes: (publishedBytes - bytesBefore) / elapsed,
        netInBytes: (infoAfter.netIn - infoBefore.netIn) / elapsed,
        netOutBytes: (infoAfter.netOut - infoBefore.netOut - (listenerBytes - listenerBefore)) / elapsed,
        cpu: share100(ticks[servers + fleet.proxy.length] ?? 0),
      },
      cpu: {
        servers: at(0, servers).map(share100),
        proxy: share100(sum(at(servers, fleet.proxy.length))),
        generator: share100(sum(at(servers + fleet.proxy.length + 1, generator.length))),
      },
      actions: Object.fromEntries(TOYS.map((toy) => [toy, Math.round(actors.actions[toy].acked / elapsed)])) as Record<
        Toy,
        number
      >,
      lost: visitors - sum(after.map((c) => c.open)),
      load: loadavg(),
    };
  } finally {
    actors.stop();
    for (const crowd of crowds) crowd.child.kill();
    await listener.close();
    await redis.close();
  }
}
