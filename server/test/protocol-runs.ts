import WebSocket from "ws";
import { LIVE_PATH } from "../../contracts/live.ts";
import type { FuzzSite } from "./fuzz-site.ts";
import type { Frame } from "./protocol-arbitraries.ts";
import type { FuzzRequest } from "./request-arbitraries.ts";

/** One run of the live channel's fuzzer (server/live/protocol-fuzz.test.ts). */
export interface LiveRun {
  topics: string[];
  /** The visitor token named: a hostile string, an honest visitor's (replayed), or none. */
  visitor: string | { honest: number } | null;
  frames: Frame[];
}

const show = (frames: readonly Frame[]) =>
  frames.map((frame) => (typeof frame === "string" ? JSON.stringify(frame) : `bytes ${frame.bytes}`)).join("\n  ");

/**
 * The protocol fuzzer's runs against `site`: a channel opened as a run says and sent its frames,
 * or a request to the API, each failing with what it left behind (the server ended, a 1011 or a
 * 5xx, an error logged) and what the last runs sent. `honestToken(k)` is the k-th honest
 * visitor's token, for a run that replays one; `address` a new client address for each run.
 * `closes` and `statuses` count how the runs ended: what the fuzzer reached.
 */
export function protocolRuns(
  site: FuzzSite,
  honestToken: (k: number) => string | null | undefined,
  address: () => string,
) {
  /** The last runs' frames or requests, for a fault logged after its run had ended (a rejection after an await). */
  const recent: string[] = [];

  /** What a run left behind that it must not, and what the last runs sent (a fault logged late names them too). */
  async function faults(): Promise<string[]> {
    const found = await site.faults();
    return found.length === 0 ? found : [...found, `the last runs sent (this one last):\n  ${recent.join("\n  ")}`];
  }

  /** How the fuzzer's channels were closed, and how often: what it reached. */
  const closes = new Map<string, number>();

  /** Opens a channel as the run says, sends its frames, then a frame that is not JSON, and waits for the close. */
  async function liveRun({ topics, visitor, frames }: LiveRun) {
    await site.up();
    const query = new URLSearchParams({ topics: topics.join(",") });
    const token = typeof visitor === "object" && visitor ? honestToken(visitor.honest) : visitor;
    if (token) query.set("visitor", token);
    const ws = new WebSocket(`${site.origin.replace(/^http/, "ws")}${LIVE_PATH}?${query}`, {
      headers: { "X-Forwarded-For": address() },
    });
    ws.on("error", () => {});
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      ws.on("close", (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    const opened = await new Promise<string | null>((resolve) => {
      ws.once("open", () => resolve(null));
      ws.once("unexpected-response", (_, response) => resolve(`refused with ${response.statusCode}`));
      ws.once("error", (error) => resolve(error.message));
    });
    if (opened) {
      await site.ended(2000);
      throw new Error(
        `the channel did not open: ${opened} (${query.toString().length} characters of query)\n  ${(await faults()).join("\n  ")}`,
      );
    }
    for (const frame of frames) {
      if (typeof frame === "string") ws.send(frame);
      else ws.send(Buffer.from(frame.bytes), { binary: frame.binary });
    }
    // Not JSON: the channel closes with 1008 once it has dealt with every frame before it.
    ws.send("the end");
    let timer: ReturnType<typeof setTimeout> | undefined;
    const { code, reason } = await Promise.race([
      closed,
      new Promise<{ code: number; reason: string }>((resolve) => {
        timer = setTimeout(() => resolve({ code: 0, reason: "still open after 10 s" }), 10_000);
      }),
    ]);
    clearTimeout(timer);
    ws.terminate();
    closes.set(`${code} ${reason}`, (closes.get(`${code} ${reason}`) ?? 0) + 1);
    recent.push(show(frames));
    if (recent.length > 3) recent.shift();
    // Cut without a close (1006): the process may be ending; the run that did it is this one.
    if (code === 1006) await site.ended(2000);
    const found = await faults();
    // 1008: a message it does not take; 1009: one too large; 1007: a text frame that is not UTF-8.
    if (![1007, 1008, 1009].includes(code) || found.length > 0) {
      throw new Error(`closed ${code} (${reason}) after:\n  ${show(frames)}\n${found.join("\n")}`);
    }
  }

  /** What the API answered the fuzzer, and how often. */
  const statuses = new Map<string, number>();

  async function httpRun(request: FuzzRequest) {
    await site.up();
    let status: number | string;
    try {
      const response = await fetch(site.origin + request.target, {
        method: request.method,
        headers: { "Content-Type": request.contentType, "X-Forwarded-For": request.forwardedFor ?? address() },
        body: request.body,
        redirect: "manual",
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer();
      status = response.status;
      recent.push(`${request.method} ${request.target} ${request.body ?? ""}`);
      if (recent.length > 3) recent.shift();
      statuses.set(`${request.method} ${status}`, (statuses.get(`${request.method} ${status}`) ?? 0) + 1);
    } catch (error) {
      // No answer: the process may be ending; the request that did it is this one.
      await site.ended(2000);
      status = `no answer (${error instanceof Error ? error.message : error})`;
    }
    const found = await faults();
    if (typeof status !== "number" || status >= 500 || found.length > 0) {
      throw new Error(`${request.method} ${request.target} answered ${status}\n${found.join("\n")}`);
    }
  }

  return { liveRun, httpRun, closes, statuses };
}
