import { useAnnounced } from "../../kit/hooks/use-announced";
import { formatCount } from "../../kit/lib/format-count";
import { isAway } from "../../kit/live/connection";
import { BusyNote, ConnectionAnnouncer, UNREACHABLE } from "../../kit/live/connection-words";
import { useLiveState } from "../../kit/live/use-live-state";
import { type Connection, getCrowd, subscribeCrowd } from "./crowd";
import { crowdText } from "./logic";

/** What the panel says about the crowd's connection, in plain words. */
const SAYS: Record<Exclude<Connection, "busy">, string> = {
  connecting: "Finding the crowd…",
  live: "Live: your claps join everyone's, and you hear theirs.",
  reconnecting: "Reconnecting… your claps wait, and join the total when the crowd is back.",
  offline:
    "You are offline. The crowd needs a connection to the site's server: your claps wait, and join it when you are back.",
  unreachable: `${UNREACHABLE} Your claps wait, and join the total when it is back.`,
  "no-server": "The crowd needs the site's own server, and this copy of the site has none: you clap alone.",
  blocked:
    "This network lets the site through but not its live connection (WebSockets are blocked), so the crowd cannot hear you from here.",
};

/** How often, at most, the total is read out to a screen reader. */
const ANNOUNCE_EVERY_MS = 5000;

/**
 * Everyone's claps: the server's total (with this page's claps on their way, said to be the
 * visitor's own), how many are clapping now, and the connection in words. Pre-rendered with
 * placeholders of the final size, so nothing moves when the numbers arrive.
 */
export function CrowdPanel() {
  // The crowd's news renders when the page has time: the visitor's own clap is the zone's, at once.
  const { connection, busyUntil, busyReason, total, clapping, mine, notice } = useLiveState(subscribeCrowd, getCrowd);
  const away = isAway(connection);
  const placeholder = away ? "—" : "…";

  // The total, read out politely, at most every few seconds: never each stranger's clap.
  const announced = useAnnounced(total === null ? "" : crowdText(total, clapping), ANNOUNCE_EVERY_MS);

  return (
    <section
      aria-labelledby="crowd-heading"
      className="flex w-full max-w-xl flex-col gap-2 rounded-2xl bg-white/15 p-4"
    >
      <h2 id="crowd-heading" className="text-lg font-bold text-white">
        The crowd
      </h2>
      <dl className="grid grid-cols-pair gap-2 text-left">
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wide text-white">Everyone's claps</dt>
          <dd className="text-3xl font-black text-white tabular-nums">
            {total === null ? placeholder : formatCount(total + mine)}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wide text-white">Clapping now</dt>
          <dd className="text-3xl font-black text-white tabular-nums">
            {clapping === null ? placeholder : formatCount(clapping)}
          </dd>
        </div>
      </dl>
      <p className="sr-only" aria-live="polite">
        {announced}
      </p>
      <ConnectionAnnouncer
        connection={connection}
        busyUntil={busyUntil}
        busyReason={busyReason}
        waits="your claps wait"
      />
      <div className="min-h-[3lh] text-left text-sm text-white/90">
        {/* A new line per state (keyed), not the old one rewritten: no layout shift. */}
        <p key={connection} className="font-semibold text-white">
          {connection === "busy" ? (
            <BusyNote until={busyUntil} waits="your claps wait" reason={busyReason} />
          ) : (
            SAYS[connection]
          )}
        </p>
        {mine > 0 && total !== null ? <p>{`Including ${formatCount(mine)} of yours on the way.`}</p> : null}
        {notice ? <p>{notice}</p> : null}
      </div>
    </section>
  );
}
