import { describe, expect, it } from "vitest";
import {
  addClick,
  dropBatch,
  MAX_CLICKS_PER_BATCH,
  markSent,
  parseQueue,
  pendingClicks,
  retryDelay,
  SEND_EVERY_MS,
} from "./click-queue";

let n = 0;
const newId = () => `batch-id-${++n}`;

describe("the click queue", () => {
  it("adds clicks to the open batch, and opens a new one once a batch is full", () => {
    let queue = addClick([], newId);
    expect(queue).toEqual([{ id: "batch-id-1", clicks: 1, sent: false }]);
    for (let i = 1; i < MAX_CLICKS_PER_BATCH; i++) queue = addClick(queue, newId);
    expect(queue).toHaveLength(1);
    queue = addClick(queue, newId);
    expect(queue.map((b) => b.clicks)).toEqual([MAX_CLICKS_PER_BATCH, 1]);
    expect(pendingClicks(queue)).toBe(MAX_CLICKS_PER_BATCH + 1);
  });

  it("never adds to a batch once it was sent: a retry must be the same batch", () => {
    const sent = markSent(
      addClick([], () => "sent-batch"),
      "sent-batch",
    );
    expect(sent[0]?.sent).toBe(true);
    const next = addClick(sent, newId);
    expect(next[0]).toEqual(sent[0]);
    expect(next).toHaveLength(2);
  });

  it("drops a batch the server confirmed, and only that one", () => {
    const queue = addClick(
      markSent(
        addClick([], () => "first-batch"),
        "first-batch",
      ),
      () => "second-batch",
    );
    expect(dropBatch(queue, "first-batch")).toEqual([{ id: "second-batch", clicks: 1, sent: false }]);
  });

  it("reads back what it wrote, and nothing else from storage", () => {
    const queue = [
      { id: "good-batch-1", clicks: 3, sent: true },
      { id: "good-batch-2", clicks: 1, sent: false },
    ];
    expect(parseQueue(JSON.stringify(queue))).toEqual(queue);
    for (const raw of [null, undefined, "", "not json", "{}", "42", '"text"']) expect(parseQueue(raw)).toEqual([]);
    const mixed = JSON.stringify([
      ...queue,
      { id: "bad id with spaces", clicks: 1, sent: false },
      { id: "negative-batch", clicks: -4, sent: false },
      { id: "fraction-batch", clicks: 1.5, sent: false },
      { id: "huge-batch-id", clicks: MAX_CLICKS_PER_BATCH + 1, sent: false },
      { id: "no-sent-flag", clicks: 1 },
      null,
      "batch",
    ]);
    expect(parseQueue(mixed)).toEqual(queue);
  });

  it("waits longer after each failure, up to half a minute", () => {
    expect(retryDelay(1)).toBe(SEND_EVERY_MS);
    expect(retryDelay(2)).toBe(2 * SEND_EVERY_MS);
    expect(retryDelay(3)).toBe(4 * SEND_EVERY_MS);
    expect(retryDelay(50)).toBe(32_000);
  });
});
