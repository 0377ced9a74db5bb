import { whenIdle } from "../lib/next-task";
import { type ConnectionWatchOptions, watchConnection } from "./connection";
import { type FollowedTopic, followTopic, type TopicHandlers } from "./topics";

/**
 * A topic of the live channel (topics.ts), followed in a task of its own once the page is idle
 * (`whenIdle`): opening a WebSocket is a few milliseconds of the page's main thread, and the task
 * that asks (a toy's start, right after its hydration) is long enough without it. Until then the topic is "connecting" and sends
 * nothing; it can be left at any time, before it is followed too. With `connection`, the
 * channel's state is also turned into what the page says (connection.ts) and handed to
 * `connection.set`.
 *
 * The channel's code travels in the `live` chunk (vite.config.ts), which every page that follows a
 * topic lists with its own: it was imported here once, from a chunk of its own, which cost each
 * live page a request (issue 46).
 */
export function followTopicLater(
  topic: string,
  handlers: TopicHandlers,
  connection?: Omit<ConnectionWatchOptions, "topic">,
): FollowedTopic {
  let followed: FollowedTopic | null = null;
  const cancelOpen = whenIdle(() => {
    const watch = connection && watchConnection({ ...connection, topic: () => followed });
    followed = followTopic(topic, {
      ...handlers,
      onStatus(status, attempts) {
        handlers.onStatus?.(status, attempts);
        watch?.(status, attempts);
      },
    });
  });

  return {
    send: (message) => followed?.send(message) ?? false,
    get status() {
      return followed?.status ?? "connecting";
    },
    holdOff: (ms) => followed?.holdOff(ms),
    giveUp: () => followed?.giveUp(),
    leave() {
      cancelOpen();
      followed?.leave();
    },
  };
}
