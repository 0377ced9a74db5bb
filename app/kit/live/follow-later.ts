import { importLater } from "../lib/import-later";
import { nextTask } from "../lib/next-task";
import type { ConnectionWatchOptions } from "./connection";
import type { Outbox, OutboxOptions } from "./outbox";
import type { FollowedTopic, TopicHandlers } from "./topics";

/**
 * A topic of the live channel, its code (the channel, its reconnects, the topics it carries, and
 * what the page says about its connection) imported when the topic is followed. The code travels
 * in the `live` chunk (vite.config.ts), which a shared toy's page loads with it and the Useless
 * Button with its counter's network half, so the import finds it in place; it stays an import so
 * that a page whose chunk does not hold it still works. Until the code is in, the topic is
 * "connecting" and sends nothing; a fetch that fails is tried again, with growing pauses. The
 * channel opens in a task of its own: opening a WebSocket is a few milliseconds of the page's main
 * thread, and the task that brought the code (on `/`, the counter's network half, started at
 * once) was long enough without it. It can be left at any time, before it is followed too. With
 * `connection`, the channel's state is also turned into what the page says (connection.ts) and
 * handed to `connection.set`.
 */
export function followTopicLater(
  topic: string,
  handlers: TopicHandlers,
  connection?: Omit<ConnectionWatchOptions, "topic">,
): FollowedTopic {
  let followed: FollowedTopic | null = null;
  let cancelOpen: (() => void) | undefined;
  const cancelImport = importLater(
    () => Promise.all([import("./topics"), connection ? import("./connection") : null]),
    (modules) => {
      cancelOpen = nextTask(() => open(modules));
    },
    (tries) => handlers.onStatus?.("waiting", { failures: tries + 1, unopened: 0 }),
  );
  const cancel = () => {
    cancelImport();
    cancelOpen?.();
  };
  function open([{ followTopic }, watching]: [typeof import("./topics"), typeof import("./connection") | null]) {
    const watch = watching && connection && watching.watchConnection({ ...connection, topic: () => followed });
    followed = followTopic(topic, {
      ...handlers,
      onStatus(status, attempts) {
        handlers.onStatus?.(status, attempts);
        watch?.(status, attempts);
      },
    });
  }

  return {
    send: (message) => followed?.send(message) ?? false,
    get status() {
      return followed?.status ?? "connecting";
    },
    holdOff: (ms) => followed?.holdOff(ms),
    giveUp: () => followed?.giveUp(),
    leave() {
      cancel();
      followed?.leave();
    },
  };
}

/**
 * An outbox (outbox.ts) whose code comes with the channel's: what is added before it is in waits
 * here and goes in first.
 */
export function outboxLater<T>(options: OutboxOptions<T>): Outbox<T> {
  let real: Outbox<T> | null = null;
  const early: T[] = [];
  const cancel = importLater(
    () => import("./outbox"),
    ({ createOutbox }) => {
      real = createOutbox(options);
      for (const item of early.splice(0)) real.add(item);
    },
  );
  return {
    add: (item) => (real ? real.add(item) : void early.push(item)),
    confirm: (n) => real?.confirm(n),
    refuse: (n, retryMs) => real?.refuse(n, retryMs) ?? [],
    // Before the outbox's code is in, there is no channel to ask anything on.
    sendAside: (key, send) => real?.sendAside(key, send),
    resend: () => real?.resend(),
    unconfirmed: () => real?.unconfirmed() ?? [...early],
    clear() {
      early.length = 0;
      real?.clear();
    },
    stop() {
      cancel();
      real?.stop();
    },
  };
}
