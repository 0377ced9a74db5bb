// A crowd process of the capacity bench (knee.ts forks a few, each pinned beside the others to the
// load generator's core): it holds thousands of bare visitors (raw-channel.ts) on the live channel,
// each from a loopback address of its own and following one of the four shared toys, and tells its
// parent, when asked, how many are open and what they received. It decodes nothing: it is the
// crowd that costs the server its fan-out, not the one that measures it.
import { liveUrl, type Topic } from "../../contracts/live.ts";
import { loopbackAddress, openRawChannel, type RawChannel } from "./raw-channel.ts";

export type CrowdCommand =
  | {
      t: "open";
      /** Where each visitor connects, in turn (one server, or the proxy). */
      targets: { host: string; port: number }[];
      /** The visitors' numbers (their addresses, their toys: topics[k % topics.length]). */
      from: number;
      count: number;
      topics: Topic[];
      /** Upgrades at once. */
      concurrency?: number;
    }
  | { t: "stats" }
  | { t: "close" };

export type CrowdReport =
  | { t: "opened"; ok: number; failed: number; firstError?: string }
  | {
      t: "stats";
      open: number;
      /** Per topic: its visitors open now, and what all of its visitors received so far. */
      topics: Record<string, { open: number; bytes: number; messages: number }>;
      /** Visitors no longer open, by the close code the server sent ("dropped": none). */
      closed: Record<string, number>;
    };

const channels: { topic: Topic; channel: RawChannel }[] = [];

async function open({ targets, from, count, topics, concurrency = 100 }: Extract<CrowdCommand, { t: "open" }>) {
  let ok = 0;
  let failed = 0;
  let firstError: string | undefined;
  let next = from;
  const end = from + count;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < end) {
        const k = next++;
        const target = targets[k % targets.length] as { host: string; port: number };
        const topic = topics[k % topics.length] as Topic;
        try {
          channels.push({
            topic,
            channel: await openRawChannel({ ...target, path: liveUrl([topic]), localAddress: loopbackAddress(k) }),
          });
          ok++;
        } catch (error) {
          failed++;
          firstError ??= String(error);
        }
      }
    }),
  );
  return { t: "opened", ok, failed, firstError } satisfies CrowdReport;
}

function stats(): CrowdReport {
  let open = 0;
  const topics: Record<string, { open: number; bytes: number; messages: number }> = {};
  const closed: Record<string, number> = {};
  for (const { topic, channel } of channels) {
    topics[topic] ??= { open: 0, bytes: 0, messages: 0 };
    const counts = topics[topic];
    counts.bytes += channel.bytes;
    counts.messages += channel.messages;
    if (channel.open) {
      open++;
      counts.open++;
    } else {
      const code = channel.closeCode || "dropped";
      closed[code] = (closed[code] ?? 0) + 1;
    }
  }
  return { t: "stats", open, topics, closed };
}

process.on("message", (command: CrowdCommand) => {
  if (command.t === "open") void open(command).then((report) => process.send?.(report));
  else if (command.t === "stats") process.send?.(stats());
  else {
    for (const { channel } of channels) channel.close();
    process.disconnect?.();
    process.exit(0);
  }
});
// The parent gone, the crowd goes too.
process.on("disconnect", () => process.exit(0));
