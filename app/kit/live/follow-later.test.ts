import { beforeEach, expect, it, vi } from "vitest";
import { nextTask } from "../lib/next-task";
import type { TopicHandlers } from "./topics";

/** The channel's side, as a test's: what was followed and left, and the status it reports. */
const followed: { topic: string; handlers: TopicHandlers }[] = [];
const left: string[] = [];
vi.mock("./topics", () => ({
  followTopic: (topic: string, handlers: TopicHandlers) => {
    followed.push({ topic, handlers });
    return {
      send: () => true,
      status: "open",
      holdOff() {},
      giveUp() {},
      leave: () => left.push(topic),
    };
  },
}));
const watched: string[] = [];
vi.mock("./connection", () => ({
  watchConnection: () => (status: string) => watched.push(status),
}));

const { followTopicLater } = await import("./follow-later");
/** After the task the follow posted (both post to themselves, in order). */
const afterOpen = () => new Promise<void>((resolve) => nextTask(resolve));

beforeEach(() => {
  followed.length = 0;
  left.length = 0;
  watched.length = 0;
});

it("follows the topic in the task after the one that asked, and sends nothing before", async () => {
  const topic = followTopicLater("wall", { onMessage() {} });
  expect(followed).toEqual([]);
  expect(topic.status).toBe("connecting");
  expect(topic.send({ t: "paint" })).toBe(false);
  await afterOpen();
  expect(followed.map((f) => f.topic)).toEqual(["wall"]);
  expect(topic.status).toBe("open");
  expect(topic.send({ t: "paint" })).toBe(true);
  topic.leave();
  expect(left).toEqual(["wall"]);
});

it("never opens a topic left before its task came", async () => {
  followTopicLater("polls", { onMessage() {} }).leave();
  await afterOpen();
  expect(followed).toEqual([]);
  expect(left).toEqual([]);
});

it("hands the channel's status to the toy and, given `connection`, to what the page says", async () => {
  const statuses: string[] = [];
  followTopicLater(
    "bubbles",
    { onMessage() {}, onStatus: (status) => statuses.push(status) },
    { probePath: "/api/bubbles", wantsBody: () => false, current: () => "connecting", set() {} },
  );
  await afterOpen();
  followed.at(0)?.handlers.onStatus?.("open", { failures: 0, unopened: 0 });
  expect(statuses).toEqual(["open"]);
  expect(watched).toEqual(["open"]);
});
