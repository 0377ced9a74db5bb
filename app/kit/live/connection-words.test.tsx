import { act, render } from "@testing-library/react";
import { renderToStaticMarkup } from "react-dom/server";
import { expect, it, vi } from "vitest";
import { type Connection, isAway } from "./connection";
import {
  busyWords,
  ConnectionAnnouncer,
  ConnectionNote,
  connectionSentence,
  secondsUntil,
  seenWhen,
} from "./connection-words";

it("says when a state shown while away was seen: the time today, the date too before today, the year too before this year", () => {
  const now = new Date(2026, 10, 26, 18, 30, 0).getTime();
  expect(seenWhen(new Date(2026, 10, 26, 14, 3, 12).getTime(), now)).toBe("at 14:03:12");
  expect(seenWhen(new Date(2026, 10, 26, 0, 0, 5).getTime(), now)).toBe("at 00:00:05");
  // Last week's wall is not "at 14:03:12".
  expect(seenWhen(new Date(2026, 10, 19, 14, 3, 12).getTime(), now)).toBe("on 19 Nov at 14:03");
  expect(seenWhen(new Date(2026, 10, 25, 23, 59, 0).getTime(), now)).toBe("on 25 Nov at 23:59");
  expect(seenWhen(new Date(2025, 11, 28, 9, 15, 0).getTime(), now)).toBe("on 28 Dec 2025 at 09:15");
});

it("says when the page tries again while the site is busy", () => {
  expect(busyWords(12, "your paints wait")).toBe(
    "The site is very busy right now. Trying again in 12 s; your paints wait.",
  );
  expect(busyWords(0, "your vote waits")).toBe("The site is very busy right now. Trying again now; your vote waits.");
  expect(secondsUntil(10_500, 0)).toBe(11);
  expect(secondsUntil(10_000, 20_000)).toBe(0);
  expect(secondsUntil(null, 0)).toBe(0);
  // Rounded up: 2.999 s left is 3 s, 1.001 s is 2 s.
  expect(secondsUntil(4000, 1001)).toBe(3);
  expect(secondsUntil(4000, 2999)).toBe(2);
  expect(secondsUntil(4000, 4000)).toBe(0);
});

it("adds the busy words while busy, when the state shown was seen only while away, and nothing else", () => {
  const seenAt = new Date(2026, 10, 26, 14, 3, 12).getTime();
  const text = (connection: Connection, seen: number | null) => {
    const host = document.createElement("p");
    host.innerHTML = renderToStaticMarkup(
      <ConnectionNote connection={connection} busyUntil={null} seenAt={seen} what="sheet" waits="your pops wait" />,
    );
    return host.textContent;
  };
  expect(text("busy", seenAt)).toBe("The site is very busy right now. Trying again now; your pops wait.");
  for (const away of ["offline", "no-server", "blocked"] as const) {
    expect(text(away, seenAt)).toMatch(/^ Showing the sheet as it was (at|on) /);
    expect(text(away, null)).toBe("");
  }
  for (const near of ["connecting", "live", "reconnecting"] as const) expect(text(near, seenAt)).toBe("");
  expect(["offline", "no-server", "blocked"].every((c) => isAway(c as Connection))).toBe(true);
  expect(["connecting", "live", "reconnecting", "busy"].some((c) => isAway(c as Connection))).toBe(false);
});

it("says the server's own busy reason when it gave one (issue 56: one fixed sentence for every reason)", () => {
  expect(busyWords(5, "your pops wait", "Very many people share this network right now.")).toBe(
    "Very many people share this network right now. Trying again in 5 s; your pops wait.",
  );
  const host = document.createElement("p");
  host.innerHTML = renderToStaticMarkup(
    <ConnectionNote
      connection="busy"
      busyUntil={null}
      busyReason="The server is restarting. Back in a few seconds."
      seenAt={null}
      what="wall"
      waits="your paints wait"
    />,
  );
  expect(host.textContent).toBe("The server is restarting. Back in a few seconds. Trying again now; your paints wait.");
  const state = { connection: "busy" as Connection, busyUntil: null, busyReason: null, waits: "your vote waits" };
  expect(connectionSentence(state)).toBe(
    "Connection: busy. The site is very busy right now. Trying again now; your vote waits.",
  );
  expect(connectionSentence({ ...state, connection: "unreachable" })).toBe(
    "Connection: the site's server cannot be reached; what you do waits.",
  );
  expect(connectionSentence({ ...state, connection: "offline" })).toBe("Connection: none, this browser is offline.");
});

it("says the connection in a live region at most every 5 s, the latest each time (issue 56)", () => {
  vi.useFakeTimers();
  try {
    const at = (connection: Connection) => (
      <ConnectionAnnouncer connection={connection} busyUntil={null} waits="your pops wait" />
    );
    const { container, rerender } = render(at("connecting"));
    const region = () => container.querySelector('[role="status"]')?.textContent;
    // The first try is not said; its outcome is, at once, however long the try took.
    act(() => vi.advanceTimersByTime(7000));
    expect(region()).toBe("");
    rerender(at("live"));
    act(() => vi.advanceTimersByTime(0));
    expect(region()).toBe("Connection: live.");
    // A connection that flaps: lost, busy, unreachable within a second.
    rerender(at("reconnecting"));
    rerender(at("busy"));
    rerender(at("unreachable"));
    act(() => vi.advanceTimersByTime(4900));
    expect(region()).toBe("Connection: live.");
    act(() => vi.advanceTimersByTime(200));
    expect(region()).toBe("Connection: the site's server cannot be reached; what you do waits.");
  } finally {
    vi.useRealTimers();
  }
});
