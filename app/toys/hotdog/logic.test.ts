import { expect, it } from "vitest";
import { HOTDOGS, hotdogAlt, hotdogOfTheDay } from "./logic";

it("has a hotdog for every day of the week, each described for screen readers", () => {
  expect(HOTDOGS).toHaveLength(7);
  expect(hotdogOfTheDay(new Date(2026, 10, 22)).name).toBe("The Sunday Snooze");
  expect(hotdogOfTheDay(new Date(2026, 10, 27)).name).toBe("The Friday Feeling");
  expect(hotdogAlt(HOTDOGS[3] as (typeof HOTDOGS)[number])).toContain("mustard, ketchup and relish");
});
