import { decodeCells } from "../contracts/wall";
import type { Sent } from "./fleet-requests";

/**
 * The shared toys' state as one server of a fleet answers it over HTTP (from what it holds in
 * memory, kept by what the others publish), checked against what the pages sent and were
 * answered: each function lists what is wrong, so a test can wait for a server to agree and say
 * exactly where it does not.
 */
const json = async <T>(url: string) => (await (await fetch(url)).json()) as T;

/** The bubbles (0-based) of a request or list of requests. */
export const bubblesOf = (requests: readonly Sent[]) =>
  requests.flatMap((m) => (Array.isArray(m.i) ? (m.i as number[]) : []));

/** Every acknowledged pop is on the server's sheet, and every popped bubble was sent by a page. */
export async function sheetProblems(origin: string, size: number, acked: readonly Sent[], sent: readonly Sent[]) {
  const bits = Buffer.from((await json<{ bits: string }>(`${origin}/api/bubbles`)).bits, "base64");
  const popped = new Set(
    Array.from({ length: size }, (_, i) => i).filter((i) => (bits[i >> 3] ?? 0) & (0x80 >> (i & 7))),
  );
  const sentList = bubblesOf(sent);
  const sentBubbles = new Set(sentList);
  return [
    ...bubblesOf(acked).flatMap((i) =>
      popped.has(i)
        ? []
        : [`acknowledged bubble ${i + 1} is not popped (sent in ${sentList.filter((k) => k === i).length} requests)`],
    ),
    ...[...popped].flatMap((i) => (sentBubbles.has(i) ? [] : [`bubble ${i + 1} is popped, and no page popped it`])),
  ];
}

/** Every acknowledged paint is on the server's wall, and every painted cell is a paint a page sent. */
export async function wallProblems(origin: string, acked: readonly Sent[], sent: readonly Sent[]) {
  const wall = decodeCells((await json<{ cells: string }>(`${origin}/api/wall`)).cells) ?? new Uint8Array();
  const shown = (cell: number) => wall[cell] ?? 0;
  return [
    ...acked.flatMap(({ cell, e }) =>
      shown(cell as number) === (e as number) + 1
        ? []
        : [`acknowledged paint of cell ${cell} (emoji ${e}) shows byte ${shown(cell as number)}`],
    ),
    ...[...wall.entries()].flatMap(([cell, byte]) =>
      byte === 0 || sent.some((p) => p.cell === cell && (p.e as number) + 1 === byte)
        ? []
        : [`cell ${cell} shows byte ${byte}, which no page painted there`],
    ),
  ];
}

/** Every question's counts as the server has them. */
export const pollCounts = async (origin: string) => (await json<{ counts: number[][] }>(`${origin}/api/polls`)).counts;

/** The claps' total as the server has it. */
export const clapTotal = async (origin: string) => (await json<{ total: number }>(`${origin}/api/claps`)).total;
