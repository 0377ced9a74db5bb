import { expect, it, vi } from "vitest";
import { nextTask } from "./next-task";

it("runs after the current task, not in it, and not at all once cancelled", async () => {
  const ran = vi.fn();
  const kept = vi.fn();
  const cancel = nextTask(ran);
  nextTask(kept);
  await Promise.resolve();
  expect(kept).not.toHaveBeenCalled();
  cancel();
  await vi.waitFor(() => expect(kept).toHaveBeenCalledTimes(1));
  // Posted before the one that ran: cancelled, it never runs.
  expect(ran).not.toHaveBeenCalled();
});
