import { expect, it } from "vitest";
import { FAQ, FAQ_STAGGER_S } from "./words";

it("answers five questions unhelpfully, 0.15 s apart", () => {
  expect(FAQ).toHaveLength(5);
  const topics = ["purpose", "wasting", "bug or a feature", "refund", "creator"];
  for (const [i, topic] of topics.entries()) expect(FAQ[i]?.q.toLowerCase()).toContain(topic);
  expect(FAQ_STAGGER_S).toBe(0.15);
});
