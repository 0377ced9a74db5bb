// Mixed load on the click counter's API for `npm run bench:counter`: autocannon on loopback, every
// connection alternating a GET of the total and a POST from one of many simulated devices, each
// device its own address (X-Forwarded-For; the server runs with TRUST_PROXY=1) and its own ledger,
// as pages keep them (contracts/clicks.ts): it makes 1 to 60 clicks between sends, sends the range
// the server has not confirmed, and moves on by the `acked` the server answers.
import autocannon from "autocannon";
import { MAX_CLICKS_PER_SEND } from "../../contracts/clicks.ts";

export interface Device {
  id: string;
  address: string;
  made: number;
  acked: number;
}

export interface LoadResult {
  requests: number;
  perSecond: number;
  p99: number;
  /** Answers by status ("0" for connection errors and timeouts). */
  status: Record<string, number>;
  /** Connection errors and timeouts. */
  errors: number;
}

export function makeDevices(label: string, count: number): Device[] {
  return Array.from({ length: count }, (_, k) => ({
    id: `${label}-device-${process.pid}-${String(k).padStart(6, "0")}`,
    address: `10.${(k >> 16) & 255}.${(k >> 8) & 255}.${k & 255}`,
    made: 0,
    acked: 0,
  }));
}

export const totalAt = async (origin: string) =>
  (
    (await (await fetch(`${origin}/api/clicks`, { headers: { "x-forwarded-for": "10.250.0.1" } })).json()) as {
      total: number;
    }
  ).total;

/** Sends a device's unconfirmed range; its ledger moves by the answer. */
export async function send(origin: string, device: Device): Promise<{ status: number; counted: number }> {
  const response = await fetch(`${origin}/api/clicks`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": device.address },
    body: JSON.stringify({ device: device.id, from: device.acked, to: device.made }),
  });
  const body = (await response.json()) as { acked?: number; counted?: number };
  if (response.status === 200 && typeof body.acked === "number") device.acked = Math.max(device.acked, body.acked);
  return { status: response.status, counted: body.counted ?? 0 };
}

/**
 * Sends every device's unconfirmed clicks until the server has confirmed them all (a send counts
 * at most 50), as the pages would on their next visits. Afterwards the total must have risen by
 * exactly the clicks every device made.
 */
export async function catchUp(origin: string, devices: Device[]): Promise<void> {
  for (let round = 0; round < 50; round++) {
    const behind = devices.filter((d) => d.acked < d.made);
    if (behind.length === 0) return;
    for (let k = 0; k < behind.length; k += 64) {
      await Promise.all(behind.slice(k, k + 64).map((device) => send(origin, device).catch(() => undefined)));
    }
  }
  throw new Error("some devices were never confirmed");
}

export async function load(
  origin: string,
  seconds: number,
  devices: Device[],
  { connections = 32 }: { connections?: number } = {},
): Promise<LoadResult> {
  const status: Record<string, number> = {};
  let next = 0;
  const count = (code: number) => {
    status[code] = (status[code] ?? 0) + 1;
  };
  const instance = autocannon({
    url: `${origin}/api/clicks`,
    connections,
    duration: seconds,
    // A frozen store answers 503 after its deadline (1.5 s): longer than that is a hang.
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
          device.made += 1 + (next % MAX_CLICKS_PER_SEND) + (next % 11);
          (context as { device?: Device }).device = device;
          return {
            ...request,
            headers: { ...request.headers, "content-type": "application/json", "x-forwarded-for": device.address },
            body: JSON.stringify({ device: device.id, from: device.acked, to: device.made }),
          };
        },
        onResponse: (code, body, context) => {
          count(code);
          const device = (context as { device?: Device }).device;
          if (code === 200 && device) {
            const acked = (JSON.parse(body) as { acked: number }).acked;
            device.acked = Math.max(device.acked, acked);
          }
        },
      },
    ],
  });
  const result = await instance;
  return {
    requests: result.requests.total,
    perSecond: result.requests.average,
    p99: result.latency.p99,
    status,
    errors: result.errors + result.timeouts,
  };
}

export const made = (devices: Device[]) => devices.reduce((sum, d) => sum + d.made, 0);

export const statusText = (status: Record<string, number>) =>
  Object.entries(status)
    .map(([code, n]) => `${code}: ${n}`)
    .join(", ");
