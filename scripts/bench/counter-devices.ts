// The simulated devices `npm run bench:counter` drives against the click counter's API (the load
// itself: counter-traffic.ts), and how the bench proves the stored total exact. Each device keeps a ledger as a page does (contracts/clicks.ts):
// it makes 1 to 60 clicks between sends, sends the range the server has not confirmed
// (`{ device, from: acked, to: made }`), and moves on by the `acked` of a 200 answer. A send whose
// answer is lost (in flight when the load stops or the server is killed, a 503, or one answer in 25
// ignored on purpose) leaves `acked` where it was, so the next send repeats the range, grown.
//
// The check is exact: the server counts only what lies beyond the highest `to` it has recorded for
// a device, and never more than was sent. So once every device's whole range is confirmed
// (`settle`, sending each device's unconfirmed range until its answer says acked == made), the
// stored total must have risen by exactly the clicks the devices made, whatever happened to the
// answers in between. The clicks counted by sends whose answers were never read are what is left
// after the answers that were read: at least 0, at most 50 for each such send.
import { setTimeout as sleep } from "node:timers/promises";
import { CLICKS_PATH, type ClicksAck, MAX_CLICKS_PER_SEND } from "../../contracts/clicks.ts";

export interface Device {
  id: string;
  /** Its address under load (X-Forwarded-For; the servers trust loopback as their proxy). */
  address: string;
  /** Its address for the bench's checks afterwards, so they never meet the load's rate limits. */
  checkAddress: string;
  made: number;
  acked: number;
}

/** What the load's sends came to (counter-traffic.ts tallies it), for the exactness check. */
export interface Tally {
  /** Sends made (or built as the load stopped). */
  sends: number;
  /** 200 answers read, and the clicks they counted. */
  acknowledged: number;
  counted: number;
  /** 200 answers ignored on purpose (as if lost), and the clicks they counted. */
  lost: number;
  lostCounted: number;
  /** Answers that cannot be right: not JSON, or confirming more than the device had made. */
  wrong: number;
}

export const made = (devices: Device[]) => devices.reduce((sum, d) => sum + d.made, 0);
export const acked = (devices: Device[]) => devices.reduce((sum, d) => sum + d.acked, 0);
export const statusText = (status: Record<string, number>) =>
  Object.entries(status)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, n]) => `${code}: ${n}`)
    .join(", ") || "none";

const run = `${process.pid.toString(36)}${Date.now().toString(36)}`;
let sets = 0;
const ip = (first: number, k: number) => `${first}.${(k >> 16) & 255}.${(k >> 8) & 255}.${k & 255}`;

/** `count` new devices (ids never used before), each its own address in 10/8 and in 172/8 for checks. */
export function makeDevices(label: string, count: number): Device[] {
  const set = `${run}${(++sets).toString(36)}`;
  return Array.from({ length: count }, (_, k) => ({
    id: `${label}-${set}-${k}`.padEnd(16, "0"),
    address: ip(10, k),
    checkAddress: ip(172, k),
    made: 0,
    acked: 0,
  }));
}

let reader = 0;
/** The stored total (asked from an address of its own each time; a 503 or 429 is asked again). */
export async function totalAt(origin: string): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(`${origin}${CLICKS_PATH}`, { headers: { "x-forwarded-for": ip(192, ++reader) } });
    const body = (await response.json()) as { total?: number };
    if (response.status === 200 && typeof body.total === "number") return body.total;
    if (attempt >= 20) throw new Error(`GET ${CLICKS_PATH} answered ${response.status}`);
    await sleep(500);
  }
}

/** One send from a device's check address; the answer (status 0: no answer within 10 s). */
export async function send(
  origin: string,
  device: Device,
  from: number,
  to: number,
): Promise<{ status: number; ack?: ClicksAck }> {
  try {
    const response = await fetch(`${origin}${CLICKS_PATH}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": device.checkAddress },
      body: JSON.stringify({ device: device.id, from, to }),
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await response.json()) as ClicksAck;
    return response.status === 200 ? { status: 200, ack: body } : { status: response.status };
  } catch {
    return { status: 0 };
  }
}

/** Runs `work` for every item, at most `limit` at a time. */
export async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Sends every device's unconfirmed range until the server has confirmed all of it (a send counts
 * at most 50; a 429 or 503 is tried again a second later), for at most `withinMs`. Afterwards the
 * total must have risen by exactly `made(devices)`.
 */
export async function settle(origin: string, devices: Device[], withinMs = 180_000) {
  const started = Date.now();
  const result = { sends: 0, counted: 0, wrong: 0, status: {} as Record<string, number>, unconfirmed: 0 };
  for (;;) {
    const behind = devices.filter((d) => d.acked < d.made);
    result.unconfirmed = behind.length;
    if (behind.length === 0 || Date.now() - started > withinMs) return result;
    let refused = false;
    await eachLimited(behind, 32, async (device) => {
      const { status, ack } = await send(origin, device, device.acked, device.made);
      result.sends++;
      result.status[status] = (result.status[status] ?? 0) + 1;
      if (!ack) refused = true;
      else {
        result.counted += ack.counted;
        if (!(ack.acked <= device.made)) result.wrong++;
        device.acked = Math.max(device.acked, ack.acked);
      }
    });
    if (refused) await sleep(1000);
  }
}

/**
 * After a crash: every device's acknowledged clicks sent again, as `{ from: 0, to: acked }`. Each
 * must be answered 200, count 0, and confirm at least as much as before.
 */
export async function resendAcknowledged(origin: string, devices: Device[]) {
  const result = { checked: 0, recounted: 0, forgotten: 0, unanswered: 0 };
  await eachLimited(
    devices.filter((d) => d.acked > 0),
    32,
    async (device) => {
      let answer = await send(origin, device, 0, device.acked);
      for (let attempt = 0; !answer.ack && attempt < 10; attempt++) {
        await sleep(1000);
        answer = await send(origin, device, 0, device.acked);
      }
      result.checked++;
      if (!answer.ack) result.unanswered++;
      else {
        result.recounted += answer.ack.counted;
        if (answer.ack.acked < device.acked) result.forgotten++;
      }
    },
  );
  return result;
}

/**
 * The exactness check after a load and `settle`: the total rose by what the devices made, and the
 * clicks no read answer accounts for (counted by sends whose answers were lost) are between 0 and
 * 50 for each such send. Returns the sentence for the report and what was missed.
 */
export function exactness(
  name: string,
  devices: Device[],
  rose: number,
  tally: Tally,
  settled: Awaited<ReturnType<typeof settle>>,
): { text: string; failures: string[] } {
  const total = made(devices);
  const unread = tally.sends - tally.acknowledged - tally.lost;
  const inFlight = rose - tally.counted - tally.lostCounted - settled.counted;
  const failures: string[] = [];
  if (settled.unconfirmed > 0) failures.push(`${name}: ${settled.unconfirmed} devices were never confirmed`);
  if (rose !== total) failures.push(`${name}: the stored total rose by ${rose}, the devices made ${total}`);
  if (inFlight < 0 || inFlight > unread * MAX_CLICKS_PER_SEND)
    failures.push(`${name}: ${inFlight} clicks counted by ${unread} sends whose answers were not read`);
  if (tally.wrong + settled.wrong > 0)
    failures.push(`${name}: ${tally.wrong + settled.wrong} answers unreadable or confirming more than was made`);
  const text = `${tally.counted} in the ${tally.acknowledged} answers read + ${tally.lostCounted} in ${tally.lost} answers ignored as lost + ${inFlight} by sends with no 200 answer read (${unread}: in flight when the load stopped, cut off, or refused) + ${settled.counted} in ${settled.sends} catch-up sends = ${rose}, the clicks the devices made ${total}${rose === total ? " (equal)" : " ✗"}`;
  return { text, failures };
}
