import WebSocket from "ws";
import { LIVE_PATH, readTopicFrame } from "../../contracts/live.ts";
import { type Close, channelVerdict, NOT_JSON, type Taken } from "./channel-verdict.ts";
import type { FuzzSite } from "./fuzz-site.ts";
import { answerRules, matchAnswers } from "./live-answers.ts";
import type { Frame } from "./protocol-arbitraries.ts";
import type { FuzzRequest } from "./request-arbitraries.ts";
import type { SharedProtocol } from "./shared-topics.ts";

/** One run of the live channel's fuzzer (server/live/protocol-fuzz.test.ts). */
export interface LiveRun {
  topics: string[];
  /** The visitor token named: a hostile string, an honest visitor's (replayed), or none. */
  visitor: string | { honest: number } | null;
  frames: Frame[];
}

/** What the runs need of the fuzzer's server besides the server itself. */
export interface RunsOf {
  protocol: SharedProtocol;
  /** The k-th honest visitor's token, for a run that replays one. */
  honestToken: (k: number) => string | null | undefined;
  /** The bubble sheet current now, as an honest visitor has it. */
  sheet: () => number;
  /** A new client address for each run. */
  address: () => string;
  /** BUBBLES_SHEET_SIZE and the wall's cooldown, as the server was started with. */
  sheetSize: number;
  cooldownMs: number;
}

const show = (frames: readonly Frame[]) =>
  frames.map((frame) => (typeof frame === "string" ? JSON.stringify(frame) : `bytes ${frame.bytes}`)).join("\n  ");

const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

const merged = (...maps: ReadonlyMap<string, number>[]) => {
  const all = new Map<string, number>();
  for (const map of maps) for (const [page, batch] of map) all.set(page, Math.max(all.get(page) ?? 0, batch));
  return all;
};

function send(ws: WebSocket, frame: Frame) {
  if (typeof frame === "string") ws.send(frame);
  else ws.send(Buffer.from(frame.bytes), { binary: frame.binary });
}

/**
 * The protocol fuzzer's runs against `site`: rounds of channels opened as runs say and sent their
 * frames, or a request to the API, each failing with what it left behind (the server ended, a
 * wrong answer or close, a 5xx, an error logged) and what the last runs sent. `closes`, `answered`
 * and `statuses` count how the runs ended and were answered: what the fuzzer reached.
 */
export function protocolRuns(site: FuzzSite, of: RunsOf) {
  const { protocol, address } = of;
  /** The last runs' frames or requests, for a fault logged after its run had ended (a rejection after an await). */
  const recent: string[] = [];

  /** What a run left behind that it must not, and what the last runs sent (a fault logged late names them too). */
  async function faults(): Promise<string[]> {
    const found = await site.faults();
    return found.length === 0 ? found : [...found, `the last runs sent (this one last):\n  ${recent.join("\n  ")}`];
  }

  /** How the fuzzer's channels were closed, and how often: what it reached. */
  const closes = new Map<string, number>();
  /** How the requests of the runs were answered, by topic and answer (ok, or no and why): what it reached. */
  const answered = new Map<string, number>();
  /** Every clap page id sent so far, with the highest batch sent for it (the store remembers them). */
  const clapPages = new Map<string, number>();

  /** The clap page ids a run's frames carry to the server (the frames after its first refused one may reach it too). */
  function clapsOf({ topics, frames }: LiveRun): Map<string, number> {
    const pages = new Map<string, number>();
    for (const frame of frames) {
      const verdict = channelVerdict(protocol, new Set(topics), frame);
      if (!("taken" in verdict) || verdict.taken.topic !== "claps") continue;
      const { page, batch } = verdict.taken as Taken & { page: string; batch: number };
      pages.set(page, Math.max(pages.get(page) ?? 0, batch));
    }
    return pages;
  }

  /**
   * Runs side by side, as pages are (most of a run is waiting for a batching window): each clap
   * page id another run of the round carries counts as seen before for this one, since the server
   * may take the other's first.
   */
  async function liveRound(runs: readonly LiveRun[]) {
    await site.up();
    const claps = runs.map(clapsOf);
    const outcomes = await Promise.allSettled(
      runs.map((run, k) => liveRun(run, merged(clapPages, ...claps.filter((_, j) => j !== k)))),
    );
    for (const pages of claps) for (const [page, batch] of merged(clapPages, pages)) clapPages.set(page, batch);
    const failed = outcomes.flatMap((outcome, k) =>
      outcome.status === "rejected" ? [`run ${k + 1} of ${runs.length}: ${String(outcome.reason)}`] : [],
    );
    if (failed.length > 0) throw new Error(failed.join("\n\n"));
  }

  /**
   * Opens a channel as the run says and sends its frames in two steps. First every frame before the
   * first one the channel must refuse (channel-verdict.ts says which, and why): each request among
   * them must be answered as its toy's contract says (live-answers.ts: ok, or no for the reason its
   * input earns), and each sync with the topic's whole state. Then the rest, and a frame that is
   * not JSON: the channel must close with the first refused frame's code and reason (the last
   * frame's, 1008 "Not JSON", when every frame before it was taken).
   */
  async function liveRun({ topics, visitor, frames }: LiveRun, pagesSeen: ReadonlyMap<string, number>) {
    const query = new URLSearchParams({ topics: topics.join(",") });
    const token = typeof visitor === "object" && visitor ? of.honestToken(visitor.honest) : visitor;
    if (token) query.set("visitor", token);
    const ws = new WebSocket(`${site.origin.replace(/^http/, "ws")}${LIVE_PATH}?${query}`, {
      headers: { "X-Forwarded-For": address() },
    });
    ws.on("error", () => {});
    let close: Close | null = null;
    const closed = new Promise<Close>((resolve) =>
      ws.on("close", (code, reason) => {
        close = { code, reason: reason.toString() };
        resolve(close);
      }),
    );
    const said: { topic?: string; t: string; n?: number; [field: string]: unknown }[] = [];
    /** How many times each topic sent its whole state: the wall as a message, the sheet as a frame. */
    const wholes = new Map<string, number>();
    let heard = () => {};
    ws.on("message", (data, isBinary) => {
      if (isBinary) {
        const frame = readTopicFrame(new Uint8Array(data as Buffer));
        if (frame) count(wholes, frame.topic);
      } else {
        const message = JSON.parse(data.toString()) as (typeof said)[number];
        said.push(message);
        if (message.t === "wall" && message.topic) count(wholes, message.topic);
      }
      heard();
    });
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
    const following = new Set(topics);
    const verdicts = frames.map((frame) => channelVerdict(protocol, following, frame));
    const cut = verdicts.findIndex((verdict) => "close" in verdict);
    const before = cut < 0 ? frames : frames.slice(0, cut);
    const taken = verdicts.slice(0, before.length).map((verdict) => (verdict as { taken: Taken }).taken);
    const requests = taken.filter((message) => typeof message.n === "number");
    const synced = [...new Set(taken.filter((message) => message.t === "sync").map((message) => message.topic))];
    const expected = cut < 0 ? NOT_JSON : (verdicts[cut] as { close: Close }).close;
    const problems: string[] = [];

    const sheetBefore = of.sheet();
    for (const frame of before) send(ws, frame);
    const answers = () => said.filter((m) => m.t === "ok" || m.t === "no");
    // Every request answered, every sync's whole state come (the join sent one already), or the channel closed.
    const settled = () =>
      close !== null || (answers().length >= requests.length && synced.every((topic) => (wholes.get(topic) ?? 0) >= 2));
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 10_000);
      heard = () => {
        if (!settled()) return;
        clearTimeout(timer);
        resolve();
      };
      ws.on("close", () => heard());
      heard();
    });
    heard = () => {};
    if (close) problems.push(`closed ${JSON.stringify(close)} before its first refused frame`);
    const rules = answerRules(requests, {
      fresh: typeof visitor !== "object" || visitor === null,
      sheets: [...new Set([sheetBefore, of.sheet()])],
      sheetSize: of.sheetSize,
      clapPages: pagesSeen,
      cooldownMs: of.cooldownMs,
    });
    problems.push(...matchAnswers(requests, rules, answers()));
    for (const topic of synced) {
      if ((wholes.get(topic) ?? 0) < 2) problems.push(`a sync on ${topic} brought no whole ${topic}`);
    }
    for (const answer of answers()) {
      count(
        answered,
        `${answer.topic} ${answer.t === "ok" ? "ok" : `no: ${String(answer.error).replace(/\d+/g, "#")}`}`,
      );
    }

    for (const frame of frames.slice(before.length)) send(ws, frame);
    // Not JSON: the channel closes with 1008 once it has dealt with every frame before it.
    ws.send("the end");
    let timer: ReturnType<typeof setTimeout> | undefined;
    const { code, reason } = await Promise.race([
      closed,
      new Promise<Close>((resolve) => {
        timer = setTimeout(() => resolve({ code: 0, reason: "still open after 10 s" }), 10_000);
      }),
    ]);
    clearTimeout(timer);
    ws.terminate();
    count(closes, `${code} ${reason}`);
    if (code !== expected.code || reason !== expected.reason) {
      problems.push(`closed ${JSON.stringify({ code, reason })}, not ${JSON.stringify(expected)}`);
    }
    recent.push(show(frames));
    if (recent.length > 3) recent.shift();
    // Cut without a close (1006): the process may be ending; the run that did it is this one.
    if (code === 1006) await site.ended(2000);
    const found = await faults();
    if (problems.length > 0 || found.length > 0) {
      throw new Error(
        `${[...problems, ...found].join("\n")}\nafter:\n  ${show(frames)}\n(visitor: ${JSON.stringify(visitor)}, topics: ${topics})`,
      );
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
      count(statuses, `${request.method} ${status}`);
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

  return { liveRound, httpRun, closes, answered, statuses };
}
