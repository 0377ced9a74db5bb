// The live channel's rows of docs/live.md's table of limits (limits-table.ts): the upgrade, the
// visitor token, the channel. The words are here; every number, and every word a page is told,
// comes from the code.
import { CHANNEL_MESSAGE_LIMIT, CLOSE, MAX_MESSAGE_BYTES, MAX_TOPICS, SILENT_AFTER_MS } from "../../contracts/live.ts";
import { FLUSH_MS } from "../../server/live/address-budget.ts";
import { MAX_PENDING_AUTO_PONGS, MAX_PINGS, MISBEHAVIOUR_UPGRADES } from "../../server/live/channel-guards.ts";
import { MAX_WAITING_MESSAGES, mintWaitWords } from "../../server/live/channel-visitor.ts";
import { MAX_BUFFERED_BYTES } from "../../server/live/delivery.ts";
import { MISSED_HEARTBEATS } from "../../server/live/heartbeat.ts";
import {
  BUSY_RETRY_MS,
  BUSY_WORDS_LIMIT,
  FULL,
  MAX_REFUSING,
  RESTARTING,
  SHARED,
  TOO_MANY_NEW,
} from "../../server/live/refusals.ts";
import { COME_BACK_AFTER_MS, COME_BACK_WITHIN_MS } from "../../server/live/sockets.ts";
import { MAX_AGE_MS, RENEW_AFTER_MS } from "../../server/live/visitor.ts";
import { bytes, close, code, count, duration, rate, type Setting, settingNumber, settingRate } from "./limits-words.ts";

export interface LimitRow {
  what: string;
  limit: string;
  per: string;
  told: string;
}

/** A setting's default and its name: "1,000 (`LIVE_MAX_PER_ADDRESS`)". */
const numberOf = (name: Setting) => `${count(settingNumber(name))} (${code(name)})`;
const rateOf = (name: Setting, size?: (n: number) => string) => `${rate(settingRate(name), size)} (${code(name)})`;
const busy = (words: string, wait: string) => `busy, "${words}", \`retryMs\` ${wait}`;

export function channelRows(): LimitRow[] {
  const heartbeat = settingNumber("LIVE_HEARTBEAT_MS");
  return [
    {
      what: `a path or topic list the channel does not know (each topic counts once; no more names than topics, at most ${MAX_TOPICS}: ${code("MAX_TOPICS")})`,
      limit: "",
      per: "upgrade",
      told: "HTTP 404 / 400 before any WebSocket (a page never asks it)",
    },
    { what: "another site's page", limit: "`Origin` must be this host", per: "upgrade", told: "HTTP 403" },
    {
      what: "channels in all",
      limit: numberOf("LIVE_MAX_CONNECTIONS"),
      per: "process",
      told: `${busy(FULL, duration(BUSY_RETRY_MS))}; but a newcomer from an address holding fewer than the heaviest address less one takes the place of that address's channel idle the longest, which is told the same ([decisions/0007-fair-admission.md](decisions/0007-fair-admission.md))`,
    },
    {
      what: "channels from one address",
      limit: numberOf("LIVE_MAX_PER_ADDRESS"),
      per: "address, fleet",
      told: busy(SHARED, duration(BUSY_RETRY_MS)),
    },
    {
      what: "channels from one IPv6 /56 (a home, or one customer of a small provider)",
      limit: numberOf("LIVE_MAX_PER_BLOCK"),
      per: "/56, fleet",
      told: "busy, the same words",
    },
    {
      what: "new channels",
      limit: `${rateOf("LIVE_UPGRADE_LIMIT")}; a channel closed for a frame no page sends (${CLOSE.malformed}, ${CLOSE.tooLarge}, or one ws cannot read) takes ${MISBEHAVIOUR_UPGRADES} of them (${code("MISBEHAVIOUR_UPGRADES")})`,
      per: "address and /56, fleet",
      told: `busy, "${TOO_MANY_NEW}", with the limiter's wait`,
    },
    {
      what: "the server stopping (also an upgrade whose limit check ends after the stop began)",
      limit: "",
      per: "process",
      told: busy(
        RESTARTING,
        `a moment of its own within ${count(COME_BACK_AFTER_MS / 1000)}-${duration(COME_BACK_WITHIN_MS)}`,
      ),
    },
    {
      what: "busy words told to one address (one that comes back before its time)",
      limit: `${rate(BUSY_WORDS_LIMIT)} (${code("BUSY_WORDS_LIMIT")})`,
      per: "address (an IPv6 /56), process",
      told: "HTTP 429 with `Retry-After`, no WebSocket made; the page asks `GET /api/live` as below",
    },
    {
      what: `more than ${count(MAX_REFUSING)} pages being told "busy" at once (${code("MAX_REFUSING")})`,
      limit: "",
      per: "process",
      told: 'HTTP 503 with `Retry-After`; the page cannot read it, so after tries that never opened (app/kit/live/connection.ts `BLOCKED_AFTER`) it asks `GET /api/live`, which answers 503 (full, stopping) or 429 (this address or /56 at its cap) with `Retry-After` and the busy words, or 200 `{"ok":true}`: busy, never "blocked"',
    },
    {
      what: "messages and bytes one address sends on all its channels (every frame: text, binary, ping, pong)",
      limit: `${rate(settingRate("LIVE_ADDRESS_MESSAGES"), (n) => `${count(n)} messages`)} (${code("LIVE_ADDRESS_MESSAGES")}); ${rateOf("LIVE_ADDRESS_BYTES", bytes)}`,
      per: `address (an IPv6 /56), process at once, fleet within ${count(FLUSH_MS)} ms`,
      told: `${close("tryLater")} ("try later"): the page comes back with backoff and sends what was unanswered again`,
    },
    {
      what: "channels of one visitor token",
      limit: numberOf("LIVE_MAX_PER_VISITOR"),
      per: "token, process",
      told: "a new token for the next",
    },
    {
      what: `a forged or malformed visitor token, one older than ${duration(MAX_AGE_MS)}; one named in the URL`,
      limit: "",
      per: "token",
      told: `a new token (at the mint's limit; one older than ${duration(RENEW_AFTER_MS)} is renewed, the same visitor); the token is read only from the \`Sec-WebSocket-Protocol\` header (\`visitor.<token>\`, contracts/live.ts liveProtocols), never the URL, which a proxy's access log keeps`,
    },
    {
      what: "new visitor tokens",
      limit: rateOf("VISITOR_MINT_LIMIT"),
      per: "address and /56, fleet",
      told: `the channel opens; its requests are answered \`no\`, "${mintWaitWords("N")}", with \`retryMs\`, until the mint allows; then it is sent its token`,
    },
    {
      what: "a resume token (`resume=topic:epoch.seq`) not in that form",
      limit: "",
      per: "channel",
      told: "ignored: the topic's whole state",
    },
    {
      what: "a message that is not JSON, not a kind its topics take (looked up as the topic's own names only), or not of its kind's shape",
      limit: "",
      per: "channel",
      told: `${close("malformed")} (the page waits longest before it comes back)`,
    },
    {
      what: "a message too large",
      limit: `${bytes(MAX_MESSAGE_BYTES)} (${code("MAX_MESSAGE_BYTES")})`,
      per: "channel",
      told: close("tooLarge"),
    },
    {
      what: "messages per channel, all its topics together",
      limit: `${rate(CHANNEL_MESSAGE_LIMIT)} (${code("CHANNEL_MESSAGE_LIMIT")})`,
      per: "channel",
      told: close("malformed"),
    },
    {
      what: "messages waiting while the server decides who the visitor is",
      limit: `${MAX_WAITING_MESSAGES} (${code("MAX_WAITING_MESSAGES")})`,
      per: "channel",
      told: close("malformed"),
    },
    {
      what: "a fault of the server's own while it handles a message, a join or a leave",
      limit: "",
      per: "channel",
      told: `${close("fault")}, logged, \`pointless_live_faults_total\`; the page comes back as after a restart`,
    },
    {
      what: "a reader too slow to keep up",
      limit: `${bytes(MAX_BUFFERED_BYTES)} waiting (${code("MAX_BUFFERED_BYTES")})`,
      per: "channel",
      told: `${close("tryLater")}; a heartbeat is not sent to a page already that far behind`,
    },
    {
      what: "pings a client sends (a browser's page cannot send one)",
      limit: `${MAX_PINGS} in a channel's life (${code("MAX_PINGS")}; so ws's ${MAX_PENDING_AUTO_PONGS} pongs waiting for one that does not read them, \`maxPendingAutoPongs\`, are never reached)`,
      per: "channel",
      told: `cut off (${close("malformed")} without waiting for a close handshake: it reads nothing), at the cost of ${MISBEHAVIOUR_UPGRADES} new channels to its address`,
    },
    {
      what: "a channel that answers no ping (a phone in a tunnel, a reader that never reads)",
      limit: `${MISSED_HEARTBEATS} heartbeats in a row (${duration(heartbeat)} each: ${code("LIVE_HEARTBEAT_MS")})`,
      per: "channel",
      told: `cut off at the next; the page, silent ${duration(SILENT_AFTER_MS)}, reconnects`,
    },
  ];
}
