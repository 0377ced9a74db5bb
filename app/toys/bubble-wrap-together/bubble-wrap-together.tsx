import { useDeferredValue } from "react";
import { DEFAULT_SHEET_SIZE } from "../../../contracts/bubbles";
import { useAnnounced } from "../../kit/hooks/use-announced";
import { formatCount } from "../../kit/lib/format-count";
import { isAway, sendsLater } from "../../kit/live/connection";
import { ConnectionAnnouncer, ConnectionNote, UNREACHABLE } from "../../kit/live/connection-words";
import { useLiveState } from "../../kit/live/use-live-state";
import { MuteToggle } from "../../kit/sound/mute-toggle";
import { PageLink } from "../../kit/ui/page-link";
import { ToyPage } from "../../kit/ui/toy-page";
import { BubbleGrid } from "./bubble-grid";
import { progressText } from "./logic";
import { type Connection, getSheetState, popBubble, subscribeSheet } from "./shared-sheet";

/** What the page says about its connection, in plain words. */
const SAYS: Record<Exclude<Connection, "busy">, string> = {
  connecting: "Joining the sheet…",
  live: "Live: every pop pops for everyone.",
  reconnecting: "Reconnecting… your pops wait and go when the sheet is back.",
  offline: "You are offline. The shared sheet needs a connection to the site's server.",
  unreachable: `${UNREACHABLE} Your pops wait, and go when it is back.`,
  "no-server": "The shared sheet needs the site's own server, and this copy of the site has none.",
  blocked:
    "This network lets the site through but not its live connection (WebSockets are blocked), so popping with everyone cannot work from here.",
};

/** How often, at most, the sheet's progress is read out to a screen reader. */
const ANNOUNCE_EVERY_MS = 5000;

export function BubbleWrapTogether() {
  const view = useLiveState(subscribeSheet, getSheetState);
  const { sheet, mine, connection, busyUntil, busyReason, here, celebrate, seenAt, notice } = view;
  const size = sheet?.size ?? DEFAULT_SHEET_SIZE;
  const popped = (sheet?.popped ?? 0) + mine.size;
  const poppable = sheet !== null && sendsLater(connection);
  // The grid follows the sheet in a render React can pause for the browser (a whole sheet arriving
  // redraws every row in view); the counts above it change at once. Going live is one attribute of
  // the grid (bubble-grid.tsx): at once.
  const gridSheet = useDeferredValue(sheet);
  const gridMine = useDeferredValue(mine);

  // Who is here is known only while live: away, the last number would be a guess.
  const hereNow = connection === "live" ? here : null;
  // The totals, read out politely, at most every few seconds: never each stranger's pop.
  const announced = useAnnounced(sheet ? progressText(popped, size, hereNow) : "", ANNOUNCE_EVERY_MS);

  const away = isAway(connection);
  return (
    <ToyPage
      title="Bubble Wrap for Everyone"
      intro={`One sheet of ${formatCount(size)} bubbles, shared by everyone here. Pop one and it pops for all of them.`}
      width="wide"
    >
      <dl className="grid w-full max-w-2xl grid-cols-pair gap-2 text-left sm:grid-cols-4">
        <Stat label="Popped" value={sheet ? `${formatCount(popped)} / ${formatCount(size)}` : "…"} />
        <Stat label="Here now" value={hereNow === null ? "…" : formatCount(hereNow)} />
        <Stat label="Sheets finished" value={sheet ? formatCount(sheet.finished) : "…"} />
        <Stat label="This sheet" value={sheet ? `#${formatCount(sheet.sheet)}` : "…"} />
      </dl>
      <p className="sr-only" aria-live="polite">
        {announced}
      </p>
      <ConnectionAnnouncer
        connection={connection}
        busyUntil={busyUntil}
        busyReason={busyReason}
        waits="your pops wait"
      />
      <div className="flex min-h-14 w-full max-w-2xl flex-col items-center justify-center gap-1">
        {celebrate === null ? (
          // A new line per state (keyed), not the old one rewritten: centred text that changes length
          // would otherwise count as moved (a layout shift). Not a live region: the announcer above
          // says the connection, at most every few seconds, not at every change here.
          <p key={connection} className="font-semibold">
            {connection === "busy" ? null : SAYS[connection]}
            <ConnectionNote
              connection={connection}
              busyUntil={busyUntil}
              busyReason={busyReason}
              seenAt={seenAt}
              what="sheet"
              waits="your pops wait"
            />
          </p>
        ) : null}
        {/* What happens once (a sheet finished, a notice) is said as it appears. */}
        <div role="status" className="contents">
          {celebrate !== null ? (
            <p className="animate-bounce rounded-full bg-yellow-300 px-5 py-2 font-black text-purple-900 motion-reduce:animate-none">
              Sheet #{formatCount(celebrate)} is finished! A fresh sheet for everyone.
            </p>
          ) : null}
          {notice ? <p className="text-sm text-white/90">{notice}</p> : null}
        </div>
      </div>
      <BubbleGrid sheet={gridSheet} mine={gridMine} size={size} poppable={poppable} onPop={popBubble} />
      <div className="flex flex-wrap items-center justify-center gap-3">
        <MuteToggle />
        <PageLink
          to="/bubble-wrap"
          className="rounded-full bg-white/15 px-5 py-2.5 font-bold text-white ring-1 ring-white/50 hover:bg-white/25"
        >
          {away ? "Pop a sheet of your own" : "Your own sheet of 100"}
        </PageLink>
      </div>
    </ToyPage>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl bg-white/15 px-3 py-2">
      <dt className="text-xs font-semibold uppercase tracking-wide text-white">{label}</dt>
      <dd className="text-xl font-black tabular-nums">{value}</dd>
    </div>
  );
}
