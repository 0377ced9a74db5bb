// The mixed load of `npm run bench:counter` (autocannon on loopback): every connection alternates a
// GET of the total and a send from the next device in turn, each device its own address and ledger
// (counter-devices.ts), making 1 to 60 clicks between sends. What the answers said is tallied for
// the exactness check (`exactness` in counter-devices.ts).
import autocannon from "autocannon";
import { CLICKS_PATH, type ClicksAck } from "../../contracts/clicks.ts";
import type { Device, Tally } from "./counter-devices.ts";

export interface LoadResult {
  requests: number;
  perSecond: number;
  p99: number;
  /** Answers by status. */
  status: Record<string, number>;
  /** Connection errors and timeouts (autocannon counts a timeout as an error). */
  errors: number;
  timeouts: number;
  tally: Tally;
}

/** A small seeded generator, so a run's clicks are the same every time. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface LoadOptions {
  seconds: number;
  connections?: number;
  /** Requests a second in all (unbounded without). */
  rate?: number;
  /** Every this many 200 answers to a send, one is ignored as if lost (0: none). */
  loseEvery?: number;
  /** Told every answer's status and latency. */
  onAnswer?: (status: number, ms: number) => void;
}

/**
 * Mixed load: every connection alternates a GET of the total and a send from the next device in
 * turn (each device its own address). `stop()` ends it early (the answers in flight are lost).
 */
export function startLoad(
  origin: string,
  devices: Device[],
  { seconds, connections = 32, rate, loseEvery = 25, onAnswer }: LoadOptions,
): { stop: () => void; done: Promise<LoadResult> } {
  const status: Record<string, number> = {};
  const tally: Tally = { sends: 0, acknowledged: 0, counted: 0, lost: 0, lostCounted: 0, wrong: 0 };
  const clicks = random(devices.length * 7919 + seconds);
  let next = 0;
  const count = (code: number) => {
    status[code] = (status[code] ?? 0) + 1;
  };
  type Context = { device?: Device };
  let finished: (result: autocannon.Result) => void = () => {};
  let failed: (error: unknown) => void = () => {};
  const ended = new Promise<autocannon.Result>((resolve, reject) => {
    finished = resolve;
    failed = reject;
  });
  const instance = autocannon(
    {
      url: `${origin}${CLICKS_PATH}`,
      connections,
      ...(rate ? { overallRate: rate } : {}),
      duration: seconds,
      // The store's deadline makes every answer come within 1.5 s: ten is a hang.
      timeout: 10,
      requests: [
        {
          method: "GET",
          setupRequest: (request) => ({
            ...request,
            headers: { ...request.headers, "x-forwarded-for": (devices[next % devices.length] as Device).address },
          }),
          onResponse: count,
        },
        {
          method: "POST",
          setupRequest: (request, context) => {
            const device = devices[next++ % devices.length] as Device;
            device.made += 1 + Math.floor(clicks() * 60);
            tally.sends++;
            (context as Context).device = device;
            return {
              ...request,
              headers: { ...request.headers, "content-type": "application/json", "x-forwarded-for": device.address },
              body: JSON.stringify({ device: device.id, from: device.acked, to: device.made }),
            };
          },
          onResponse: (code, body, context) => {
            count(code);
            const device = (context as Context).device;
            if (code !== 200 || !device) return;
            let ack: ClicksAck;
            try {
              ack = JSON.parse(body) as ClicksAck;
            } catch {
              tally.wrong++;
              return;
            }
            if (!(ack.acked <= device.made)) tally.wrong++;
            if (loseEvery > 0 && (tally.acknowledged + tally.lost + 1) % loseEvery === 0) {
              tally.lost++;
              tally.lostCounted += ack.counted;
              return;
            }
            tally.acknowledged++;
            tally.counted += ack.counted;
            device.acked = Math.max(device.acked, ack.acked);
          },
        },
      ],
    },
    (error: unknown, result) => (error ? failed(error) : finished(result)),
  );
  if (onAnswer)
    instance.on("response", (_client, code: number, _bytes: number, ms: number) => {
      onAnswer(code, ms);
    });
  const done = ended.then((result) => ({
    requests: result.requests.total,
    perSecond: result.requests.average,
    p99: result.latency.p99,
    status,
    errors: result.errors,
    timeouts: result.timeouts,
    tally,
  }));
  return { stop: () => instance.stop(), done };
}
