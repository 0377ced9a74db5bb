// docs/live.md's table of limits, made from the server's own defaults (server/ops/config.ts's
// schema): for each limit, its setting and default, what it is counted per, and what a page it
// refuses is told. The words are here; every number comes from the code.
import { EnvSchema } from "../../server/ops/config.ts";

type Setting = keyof typeof EnvSchema.entries;

/** A setting's default, as the environment would write it. */
const fallback = (name: Setting) => String((EnvSchema.entries[name] as { default?: unknown }).default);

/** "burst/perMinute" in words: "30 at once, then 15 a second". */
function rate(name: Setting, unit = ""): string {
  const [burst, perMinute] = fallback(name).split("/").map(Number) as [number, number];
  const perSecond = perMinute / 60;
  const every = Number.isInteger(perSecond) ? `${perSecond}${unit} a second` : `${perMinute}${unit} a minute`;
  return `${burst.toLocaleString("en-US")}${unit} at once, then ${every}`;
}

const number = (name: Setting) => Number(fallback(name)).toLocaleString("en-US");
const kb = (name: Setting) => {
  const [burst, perMinute] = fallback(name).split("/").map(Number) as [number, number];
  return `${burst / 1024} KB at once, then ${perMinute / 60 / 1024} KB a second`;
};

const BUSY = "busy, in the server's words, with when it tries again (`busy` then close 4429)";
const NO = "a `no` with the reason in words and `retryMs`; what the visitor did waits and goes then";

/** The rows: what is limited, the setting, the limit, what it is per, what the refused page is told. */
export function limitsTable(): string {
  const perVisitorAndAddress = `each visitor token; ${number("LIVE_VISITORS_PER_ADDRESS")} times that per address (an IPv4 address, an IPv6 /64, its /56)`;
  const rows: [string, Setting, string, string, string][] = [
    ["pops on the shared sheet", "BUBBLES_POP_LIMIT", rate("BUBBLES_POP_LIMIT"), perVisitorAndAddress, NO],
    ["claps", "CLAPS_LIMIT", rate("CLAPS_LIMIT"), perVisitorAndAddress, NO],
    ["votes (one counted per question)", "POLLS_VOTE_LIMIT", rate("POLLS_VOTE_LIMIT"), perVisitorAndAddress, NO],
    [
      "paints on the shared wall",
      "WALL_COOLDOWN_S",
      `one every ${number("WALL_COOLDOWN_S")} s`,
      perVisitorAndAddress,
      "a `no` with the seconds left, counted down on the page; the paint waits and goes then",
    ],
    [
      "new visitor tokens",
      "VISITOR_MINT_LIMIT",
      rate("VISITOR_MINT_LIMIT"),
      "each address and each IPv6 /56, for the fleet",
      "the channel opens and the page watches; what it does is answered `no` with `retryMs` until a token comes",
    ],
    [
      "new channels",
      "LIVE_UPGRADE_LIMIT",
      rate("LIVE_UPGRADE_LIMIT"),
      "each address and each IPv6 /56, for the fleet",
      BUSY,
    ],
    [
      "open channels",
      "LIVE_MAX_PER_VISITOR",
      number("LIVE_MAX_PER_VISITOR"),
      "each visitor token",
      "a new token for the channel past it",
    ],
    ["open channels", "LIVE_MAX_PER_ADDRESS", number("LIVE_MAX_PER_ADDRESS"), "each address, for the fleet", BUSY],
    ["open channels", "LIVE_MAX_PER_BLOCK", number("LIVE_MAX_PER_BLOCK"), "each IPv6 /56, for the fleet", BUSY],
    [
      "open channels",
      "LIVE_MAX_CONNECTIONS",
      number("LIVE_MAX_CONNECTIONS"),
      "each process (when full, the address holding the most yields its longest-idle channel to one holding fewer)",
      BUSY,
    ],
    [
      "messages on all of an address's channels",
      "LIVE_ADDRESS_MESSAGES",
      rate("LIVE_ADDRESS_MESSAGES"),
      "each address, for the fleet",
      "the channel is closed with 1013 (try later); the page comes back after a pause and sends again",
    ],
    [
      "bytes on all of an address's channels",
      "LIVE_ADDRESS_BYTES",
      kb("LIVE_ADDRESS_BYTES"),
      "each address, for the fleet",
      "the channel is closed with 1013 (try later); the page comes back after a pause and sends again",
    ],
    [
      "the API's reads, every route",
      "COUNTER_READ_LIMIT",
      rate("COUNTER_READ_LIMIT"),
      "each address and each IPv6 /56, for the fleet",
      "HTTP 429 with `Retry-After`; the page waits that long",
    ],
    [
      "the API's writes",
      "COUNTER_WRITE_LIMIT",
      rate("COUNTER_WRITE_LIMIT"),
      "each address and each IPv6 /56, for the fleet",
      "HTTP 429 with `Retry-After`; the clicks wait in the page's ledger and go then",
    ],
  ];
  return [
    "| what | setting | default | per | the refused page is told |",
    "|---|---|---|---|---|",
    ...rows.map(([what, setting, limit, per, told]) => `| ${what} | \`${setting}\` | ${limit} | ${per} | ${told} |`),
  ].join("\n");
}
