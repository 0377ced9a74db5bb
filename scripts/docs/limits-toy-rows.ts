// The shared toys' rows of docs/live.md's table of limits (limits-table.ts), then the process's
// and the fleet's. The words are here; every number, and every word a page is told, comes from
// the code.
import { pacedBy } from "../../app/kit/live/pacer.ts";
import { BUBBLES_MESSAGE_LIMIT, MAX_POPS_PER_MESSAGE, POPS_BURST, POPS_PER_SECOND } from "../../contracts/bubbles.ts";
import { CLAPS_MESSAGE_LIMIT, MAX_CLAPS_PER_BATCH, PAGE_MEMORY_MS, REPLAY_WINDOW } from "../../contracts/claps.ts";
import type { MessageLimit } from "../../contracts/live.ts";
import { MAX_DEVICE_CHARS, POLLS_MESSAGE_LIMIT } from "../../contracts/polls.ts";
import { WALL_MESSAGE_LIMIT } from "../../contracts/wall.ts";
import { STOPPING as POPS_STOPPING, tooFast as popsTooFast, SHEET_FINISHED } from "../../server/bubbles/refusals.ts";
import {
  STOPPING as CLAPS_STOPPING,
  tooFast as clapsTooFast,
  countRefusal,
  STALE,
} from "../../server/claps/refusals.ts";
import { DROPS_LOGGED_EVERY_MS } from "../../server/live/bus.ts";
import { STOPPING as VOTE_STOPPING, tooFast as votesTooFast } from "../../server/polls/refusals.ts";
import { tooSoonWords, WALL_STOPPING } from "../../server/wall/refusals.ts";
import { MAX_PAINT_IDS, PAINT_MEMORY_MS } from "../../server/wall/store.ts";
import type { LimitRow } from "./limits-channel-rows.ts";
import { close, code, count, duration, rate, type Setting, settingNumber, settingRate } from "./limits-words.ts";

const TOY = "token, and address and /56, fleet";

/** "once a minute", "once every 5 minutes". */
const once = (ms: number) => (duration(ms).startsWith("a") ? `once ${duration(ms)}` : `once every ${duration(ms)}`);

/** A topic's own message limit, and what the page keeps to under it (app/kit/live/pacer.ts). */
function topicMessages(what: string, limit: MessageLimit, name: string): LimitRow {
  return {
    what,
    limit: `${rate(limit)} (${code(name)})`,
    per: "channel",
    told: `${close("malformed")}; the page keeps to ${rate(pacedBy(limit))} (app/kit/live/pacer.ts)`,
  };
}

/** A shared toy's limit per visitor, its name, and what its address gets: "...; 32 times that per address". */
function perVisitor(name: Setting, extra = ""): string {
  return `${rate(settingRate(name))} (${code(name)}${extra}); ${count(settingNumber("LIVE_VISITORS_PER_ADDRESS"))} times that per address (${code("LIVE_VISITORS_PER_ADDRESS")})`;
}

/** What a toy's request is told when a stopping server took it too late for its last write. */
function lateWords(): string {
  const refusals = [POPS_STOPPING, CLAPS_STOPPING, VOTE_STOPPING, WALL_STOPPING];
  const waits = [...new Set(refusals.map((refusal) => duration(refusal.retryMs ?? 0)))];
  const words = refusals.map((refusal) => `"${refusal.error}"`).join(", ");
  return `\`no\`, by toy: ${words}; \`retryMs\` ${waits.join(" or ")}`;
}

export function toyRows(): LimitRow[] {
  const cooldown = settingNumber("WALL_COOLDOWN_S");
  const perAddress = settingNumber("LIVE_VISITORS_PER_ADDRESS");
  return [
    {
      what: "pops per message",
      limit: `${MAX_POPS_PER_MESSAGE} (${code("MAX_POPS_PER_MESSAGE")}, contracts/bubbles.ts: the pop limit's burst, always admissible)`,
      per: "message",
      told: close("malformed"),
    },
    {
      what: "pops",
      limit: perVisitor("BUBBLES_POP_LIMIT", `; a burst under ${MAX_POPS_PER_MESSAGE} stops the server at start`),
      per: TOY,
      told: `\`no\`, "${popsTooFast(0).error}", with \`retryMs\`; the page paces a backlog at ${rate(pacedBy({ burst: POPS_BURST, perSecond: POPS_PER_SECOND }))}, so it is never refused for catching up`,
    },
    {
      what: "a bubble off the sheet; a pop for a finished sheet",
      limit: "",
      per: "message",
      told: `\`no\` with the reason (for a finished sheet, "${SHEET_FINISHED}"), nothing changes`,
    },
    { what: "a popped bubble popped again", limit: "", per: "message", told: "a harmless `ok`" },
    topicMessages("bubble messages per channel", BUBBLES_MESSAGE_LIMIT, "BUBBLES_MESSAGE_LIMIT"),
    topicMessages(
      "wall messages per channel (paints, retries, asking for the whole wall)",
      WALL_MESSAGE_LIMIT,
      "WALL_MESSAGE_LIMIT",
    ),
    {
      what: "a paint whose cell or emoji is not a whole number (free text), or without an id of `PAINT_ID`'s form",
      limit: "",
      per: "message",
      told: close("malformed"),
    },
    {
      what: "a paint sent again (an id applied and still remembered: below)",
      limit: "",
      per: "fleet",
      told: "a harmless `ok`: nothing painted again, no cooldown spent",
    },
    {
      what: "a cell off the wall; an emoji off the palette",
      limit: "",
      per: "message",
      told: "`no` with the reason, nothing changes",
    },
    {
      what: "paints",
      limit: `one every ${cooldown} s (${code("WALL_COOLDOWN_S")}); ${perAddress} every ${cooldown} s per address`,
      per: TOY,
      told: `\`no\`, "${tooSoonWords(cooldown, "N")}", with \`retryMs\`; the paint waits and goes then`,
    },
    {
      what: "a vote whose numbers are not whole, with fields missing or extra, or a device id over the most a vote carries",
      limit: `${MAX_DEVICE_CHARS} characters (${code("MAX_DEVICE_CHARS")})`,
      per: "message",
      told: close("malformed"),
    },
    {
      what: "a vote for a question or an answer the polls do not have, or with a device id not of the form pages make",
      limit: "",
      per: "message",
      told: "`no` with the reason, nothing counted",
    },
    topicMessages("poll messages per channel", POLLS_MESSAGE_LIMIT, "POLLS_MESSAGE_LIMIT"),
    {
      what: "votes",
      limit: `${perVisitor("POLLS_VOTE_LIMIT")}; one counted per question and token`,
      per: TOY,
      told: `\`no\`, "${votesTooFast(0).error}", with \`retryMs\`; a second vote on a question, a harmless \`ok\``,
    },
    {
      what: "claps per message (a batch)",
      limit: `1 to ${MAX_CLAPS_PER_BATCH}, a whole number (${code("MAX_CLAPS_PER_BATCH")})`,
      per: "message",
      told: `\`no\`, "${countRefusal(null)?.error}", nothing counted`,
    },
    {
      what: "a batch of claps too old to tell whether it was counted: not among its page's newest",
      limit: `${REPLAY_WINDOW} batches (${code("REPLAY_WINDOW")})`,
      per: "fleet",
      told: `\`no\`, "${STALE.error}"`,
    },
    {
      what: "a batch of claps sent again (its page id and number seen before)",
      limit: "",
      per: "fleet",
      told: "a harmless `ok` (`counted: false`): counted once",
    },
    topicMessages("clap messages per channel", CLAPS_MESSAGE_LIMIT, "CLAPS_MESSAGE_LIMIT"),
    {
      what: "claps",
      limit: perVisitor("CLAPS_LIMIT", `; a burst under ${MAX_CLAPS_PER_BATCH} stops the server at start`),
      per: TOY,
      told: `\`no\`, "${clapsTooFast(0).error}", with \`retryMs\``,
    },
  ];
}

export function processRows(): LimitRow[] {
  return [
    {
      what: "a request a stopping server took too late for its last write",
      limit: "",
      per: "process",
      told: lateWords(),
    },
    {
      what: "the API's reads (GET, HEAD), every route under /api/ but `/healthz` and `/readyz`",
      limit: `${rate(settingRate("COUNTER_READ_LIMIT"))} (${code("COUNTER_READ_LIMIT")})`,
      per: "address and /56, fleet",
      told: 'HTTP 429 with `Retry-After`; the page waits that long; a probe\'s 429 or 503 is "busy" on the page',
    },
    {
      what: "the API's writes (anything else), every route under /api/ but the same two",
      limit: `${rate(settingRate("COUNTER_WRITE_LIMIT"))} (${code("COUNTER_WRITE_LIMIT")})`,
      per: "address and /56, fleet",
      told: "HTTP 429 with `Retry-After`; the clicks wait in the page's ledger and go then",
    },
    {
      what: "a message on the bus between processes that is not JSON, not an object, of a version that is not a whole number, of a kind no subscriber knows, or not of its kind's shape; a handler's throw",
      limit: "",
      per: "process",
      told: `dropped, \`pointless_bus_messages_dropped_total{channel,reason}\`, logged at most ${once(DROPS_LOGGED_EVERY_MS)} (see "The bus" below)`,
    },
    {
      what: "clapping pages remembered (each page's id is its own invention)",
      limit: `${count(settingNumber("CLAPS_MAX_PAGES"))} (${code("CLAPS_MAX_PAGES")}), each for ${duration(PAGE_MEMORY_MS)} after its last batch (${code("PAGE_MEMORY_MS")}); the expired forgotten faster than new ones come`,
      per: "fleet",
      told: "the one seen longest ago is forgotten first",
    },
    {
      what: "votes remembered (one per question and token)",
      limit: `${count(settingNumber("POLLS_MAX_VOTES"))} (${code("POLLS_MAX_VOTES")}), never by age`,
      per: "fleet",
      told: "the first cast forgotten first (its visitor may vote on that question once more)",
    },
    {
      what: "paint ids remembered",
      limit: `${duration(PAINT_MEMORY_MS)} (${code("PAINT_MEMORY_MS")}), ${count(MAX_PAINT_IDS)} at most (${code("MAX_PAINT_IDS")})`,
      per: "fleet",
      told: "the expired forgotten first, then the oldest; a paint whose id was forgotten is a new paint when it comes again",
    },
  ];
}
