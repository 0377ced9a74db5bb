import WebSocket from "ws";
import { rssMb } from "../../scripts/lib/process-limits.ts";

/**
 * What a server process under test still holds, measured after a full garbage collection, through
 * the inspector the process was started with (`inspectorFlag`, on loopback; the server's code is
 * not changed for it).
 *
 * The resident size alone is no measure of what a process keeps: after a burst, V8's heap holds
 * the burst's garbage until a major collection, which nothing schedules while the process is
 * quiet. Measured on the live fuzzer (2026-11-27): resident 128 MB before 600 hostile actions,
 * 190 MB after, still 190 MB a minute later, and 257 MB after 40 s with nothing to do; after a
 * full collection the heap was back from 53 MB to 20 MB (17 MB before), and what stayed was
 * compiled code and the rate limits' keys, which expire with their windows.
 */
export const inspectorFlag = (port: number) => `--inspect=127.0.0.1:${port}`;

/**
 * How long what a burst left behind may take to go: the rate limits keep a key per address until
 * its window ends, the longest (VISITOR_MINT_LIMIT's, 120/120) after 60 s. A fuzzer's clients each
 * come from a new address, so right after a long run the last minute's keys are still held.
 */
export const SETTLE_MS = 75_000;

/** What a process holds more than it did: heap and external memory together, and resident size, MB. */
export const growth = (before: Retained, after: Retained) => ({
  heap: Math.round(after.heap + after.external - before.heap - before.external),
  rss: Math.round(after.rss - before.rss),
});

export interface Retained {
  /** Resident size, MB. */
  rss: number;
  /** The JavaScript heap in use, and memory outside it that objects hold (buffers), MB. */
  heap: number;
  external: number;
}

/** The process's memory after a full collection. */
export async function retainedMemory(inspectorPort: number, pid: number): Promise<Retained> {
  const [target] = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  if (!target) throw new Error("the process has no inspector target");
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.once("open", resolve);
    ws.once("error", reject);
  });
  let id = 0;
  const call = (method: string, params: object = {}) =>
    new Promise<{ result?: { result?: { value?: string } } }>((resolve, reject) => {
      const asked = ++id;
      const answer = (data: WebSocket.RawData) => {
        const message = JSON.parse(data.toString()) as { id?: number; error?: { message: string } };
        if (message.id !== asked) return;
        ws.off("message", answer);
        if (message.error) reject(new Error(`${method}: ${message.error.message}`));
        else resolve(message as never);
      };
      ws.on("message", answer);
      ws.send(JSON.stringify({ id: asked, method, params }));
    });
  try {
    await call("HeapProfiler.collectGarbage");
    const answer = await call("Runtime.evaluate", {
      expression: "JSON.stringify(process.memoryUsage())",
      returnByValue: true,
    });
    const usage = JSON.parse(answer.result?.result?.value ?? "{}") as { heapUsed: number; external: number };
    return { rss: rssMb(pid), heap: usage.heapUsed / 2 ** 20, external: usage.external / 2 ** 20 };
  } finally {
    ws.close();
  }
}
