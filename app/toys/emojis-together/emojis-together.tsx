import { useState } from "react";
import { PALETTE } from "../../../contracts/wall";
import { useInterval } from "../../kit/hooks/use-interval";
import { isAway, sendsLater } from "../../kit/live/connection";
import { ConnectionAnnouncer, ConnectionNote, secondsUntil, UNREACHABLE } from "../../kit/live/connection-words";
import { useLiveState } from "../../kit/live/use-live-state";
import { PageLink } from "../../kit/ui/page-link";
import { ToyPage } from "../../kit/ui/toy-page";
import { cellPlace, paintAgainIn } from "./logic";
import { Palette } from "./palette";
import { type Connection, getWallState, paintCell, subscribeWall } from "./shared-wall";
import { WallGrid } from "./wall-grid";

/** What the page says about its connection, in plain words. */
const SAYS: Record<Exclude<Connection, "busy">, string> = {
  connecting: "Joining the wall…",
  live: "Live: every cell you paint changes for everyone.",
  reconnecting: "Reconnecting… your paint waits and goes when the wall is back.",
  offline: "You are offline. The shared wall needs a connection to the site's server.",
  unreachable: `${UNREACHABLE} Your paint waits, and goes when it is back.`,
  "no-server": "The shared wall needs the site's own server, and this copy of the site has none.",
  blocked:
    "This network lets the site through but not its live connection (WebSockets are blocked), so painting with everyone cannot work from here.",
};

const COOLDOWN_LINE = "wall-cooldown";

export function EmojisTogether() {
  const view = useLiveState(subscribeWall, getWallState);
  const { cells, mine, connection, busyUntil, busyReason, cooldownUntil, seenAt, notice } = view;
  const [picked, setPicked] = useState(0);
  // Said politely once per press or cooldown, never every second.
  const [said, setSaid] = useState("");
  const away = isAway(connection);
  const canPaint = cells !== null && sendsLater(connection);

  function onPaint(cell: number) {
    const result = paintCell(cell, picked);
    if (result.painted) {
      const seconds = Math.round(result.cooldownMs / 1000);
      setSaid(`${cellPlace(cell)} painted ${PALETTE[picked]?.name}. ${paintAgainIn(seconds)}`);
    } else if (result.waitMs > 0) setSaid(paintAgainIn(Math.ceil(result.waitMs / 1000)));
  }

  return (
    <ToyPage
      title="Emoji Wall for Everyone"
      intro="One wall of 200 cells, shared by everyone here. Pick an emoji, press a cell, and it changes for all of them."
    >
      <div className="flex min-h-14 w-full max-w-md flex-col items-center justify-center gap-1">
        {/* A new line per state (keyed), not the old one rewritten: centred text that changes
            length would otherwise count as moved (a layout shift). Not a live region: the
            announcer below says the connection, at most every few seconds. */}
        <p key={connection} className="font-semibold">
          {connection === "busy" ? null : SAYS[connection]}
          <ConnectionNote
            connection={connection}
            busyUntil={busyUntil}
            busyReason={busyReason}
            seenAt={seenAt}
            what="wall"
            waits="your paints wait"
          />
          {away && cells === null ? " There is no wall to show until it can be reached." : ""}
        </p>
        <div role="status" className="contents">
          {notice ? <p className="text-sm text-white/90">{notice}</p> : null}
        </div>
      </div>
      <ConnectionAnnouncer
        connection={connection}
        busyUntil={busyUntil}
        busyReason={busyReason}
        waits="your paints wait"
      />
      <Palette picked={picked} onPick={setPicked} describedBy={COOLDOWN_LINE} />
      <CooldownLine
        id={COOLDOWN_LINE}
        until={cooldownUntil}
        canPaint={canPaint}
        onDone={() => setSaid("You can paint again.")}
      />
      <p className="sr-only" aria-live="polite">
        {said}
      </p>
      <WallGrid cells={cells} mine={mine} disabled={!canPaint} onPaint={onPaint} describedBy={COOLDOWN_LINE} />
      <PageLink
        to="/emojis"
        className="rounded-full bg-white/15 px-5 py-2.5 font-bold text-white ring-1 ring-white/50 hover:bg-white/25"
      >
        {away ? "Play with a wall of your own" : "Your own Emoji Wall"}
      </PageLink>
    </ToyPage>
  );
}

/**
 * When this visitor may paint again, counted down on screen. It is not a live region: the group
 * and the grid name it as their description, and the page says the start and the end once each.
 */
function CooldownLine({
  id,
  until,
  canPaint,
  onDone,
}: {
  id: string;
  until: number | null;
  canPaint: boolean;
  onDone: () => void;
}) {
  // Only counts while a cooldown runs; the time is read after hydration (`until` is null before).
  const left = secondsUntil(until, Date.now());
  const [, redraw] = useState(0);
  useInterval(
    () => {
      redraw((k) => k + 1);
      if (secondsUntil(until, Date.now()) === 0) onDone();
    },
    left > 0 ? 250 : null,
  );
  const text = left > 0 ? paintAgainIn(left) : canPaint ? "Pick an emoji, then press a cell." : "";
  return (
    <p id={id} className="min-h-6 font-semibold tabular-nums">
      {text}
    </p>
  );
}
