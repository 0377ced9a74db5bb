import type { Channel, ChannelOptions } from "./channel";

/**
 * The live channel, its code fetched once the page is live rather than with the page: the pages
 * that use it paint and hydrate without it (a few KB less of first-load script, and of work while
 * they start), and a page that never needs it never fetches it. Until the code is in, the channel
 * is "connecting" and sends nothing; a fetch that fails is tried again, with growing pauses. It
 * can be closed at any time, before it exists too.
 */
export function openChannelLater(options: ChannelOptions): Channel {
  let channel: Channel | null = null;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function load(tries: number) {
    import("./channel").then(
      ({ openChannel }) => {
        if (!closed) channel = openChannel(options);
      },
      () => {
        if (closed) return;
        options.onStatus?.("waiting", { failures: tries + 1, unopened: 0 });
        timer = setTimeout(() => load(tries + 1), Math.min(1000 * 2 ** tries, 30_000));
      },
    );
  }
  load(0);

  return {
    send: (text) => channel?.send(text) ?? false,
    get status() {
      return channel?.status ?? "connecting";
    },
    holdOff: (ms) => channel?.holdOff(ms),
    close() {
      closed = true;
      clearTimeout(timer);
      channel?.close();
    },
  };
}
