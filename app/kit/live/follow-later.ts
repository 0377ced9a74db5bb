import type { FollowedTopic, TopicHandlers } from "./topics";

/**
 * A topic of the live channel, its code (the channel, its reconnects, the topics it carries)
 * fetched once the page is live rather than with the page: the pages that use it paint and hydrate
 * without it (a few KB less of first-load script, and of work while they start). Until the code is
 * in, the topic is "connecting" and sends nothing; a fetch that fails is tried again, with growing
 * pauses. It can be left at any time, before it is followed too.
 */
export function followTopicLater(topic: string, handlers: TopicHandlers): FollowedTopic {
  let followed: FollowedTopic | null = null;
  let left = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function load(tries: number) {
    import("./topics").then(
      ({ followTopic }) => {
        if (!left) followed = followTopic(topic, handlers);
      },
      () => {
        if (left) return;
        handlers.onStatus?.("waiting", { failures: tries + 1, unopened: 0 });
        timer = setTimeout(() => load(tries + 1), Math.min(1000 * 2 ** tries, 30_000));
      },
    );
  }
  load(0);

  return {
    send: (message) => followed?.send(message) ?? false,
    get status() {
      return followed?.status ?? "connecting";
    },
    holdOff: (ms) => followed?.holdOff(ms),
    leave() {
      left = true;
      clearTimeout(timer);
      followed?.leave();
    },
  };
}
