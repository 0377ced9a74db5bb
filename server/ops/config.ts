import * as v from "valibot";
import { DEFAULT_SHEET_SIZE, MAX_POPS_PER_MESSAGE, POPS_BURST, POPS_PER_SECOND } from "../../contracts/bubbles.ts";
import { CLAPS_BURST, CLAPS_PER_SECOND, MAX_CLAPS_PER_BATCH } from "../../contracts/claps.ts";
import { HEARTBEAT_EVERY_MS } from "../../contracts/live.ts";
import { VOTES_BURST, VOTES_PER_MINUTE } from "../../contracts/polls.ts";
import { DEFAULT_COOLDOWN_S } from "../../contracts/wall.ts";
import { DEFAULT_MAX_PAGES } from "../claps/store.ts";
import { DEFAULT_DEVICE_MEMORY } from "../clicks/store.ts";
import { DEFAULT_LIMITS } from "../http/api.ts";
import { proxyTrust } from "../http/client-address.ts";
import { MAKE_SECRET, MIN_SECRET_CHARS, randomEnough } from "../live/visitor.ts";
import { DEFAULT_MAX_VOTES } from "../polls/store.ts";
import type { Limit } from "./limiter.ts";
import { DEFAULT_ALONE_AFTER_S } from "./replica-wait.ts";

type Env = Record<string, string | undefined>;

/** The longest delay a Node timer takes; a longer one fires at once (TimeoutOverflowWarning). */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** A sheet is kept whole in memory and sent whole to each visitor: 125 KB at most. */
const MAX_SHEET_SIZE = 1_000_000;

/** Digits only (no sign, no space, no exponent), from `min` to `max`. */
const whole = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  v.pipe(v.string(), v.regex(/^\d{1,16}$/), v.transform(Number), v.minValue(min), v.maxValue(max));

/** "burst/perMinute", both at least 1: a limit that refills nothing would refuse everyone for good. */
const limit = v.pipe(
  v.string(),
  v.regex(/^\d{1,9}\/\d{1,9}$/),
  v.transform((text): Limit => {
    const [burst, perMinute] = text.split("/").map(Number) as [number, number];
    return { burst, perMinute };
  }),
  v.check((l) => l.burst >= 1 && l.perMinute >= 1),
);
const limitText = (l: Limit) => `${l.burst}/${l.perMinute}`;

/** "host:port,host:port" as the Sentinel client takes it. */
function sentinelList(text: string) {
  return text.split(",").map((node) => {
    const at = node.lastIndexOf(":");
    return { host: node.slice(0, at), port: Number(node.slice(at + 1)) };
  });
}

function readsAsTrust(text: string): boolean {
  try {
    proxyTrust(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Every setting the server reads from its environment, with its default written as the
 * environment would write it (and checked by the same rule). A setting that is unset or empty
 * takes its default; one that is set but malformed stops the server before it listens.
 */
export const EnvSchema = v.object({
  PORT: v.optional(whole(0, 65535), "3000"),
  HOST: v.optional(v.pipe(v.string(), v.regex(/^[\w.:%-]{1,255}$/))),
  SITE_DIR: v.optional(v.string(), "build/client"),
  REDIS_URL: v.optional(v.pipe(v.string(), v.url(), v.regex(/^rediss?:\/\//i))),
  // A primary with replicas, found through Sentinel: "host:port,host:port,..." (at most 16).
  REDIS_SENTINELS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[\w.-]{1,255}:\d{1,5}(,[\w.-]{1,255}:\d{1,5}){0,15}$/),
      v.transform(sentinelList),
      v.check((nodes) => nodes.every(({ port }) => port > 0 && port < 65536)),
    ),
  ),
  REDIS_SENTINEL_NAME: v.optional(v.pipe(v.string(), v.regex(/^[\w.-]{1,64}$/)), "pointless"),
  REDIS_PASSWORD: v.optional(v.pipe(v.string(), v.maxLength(512))),
  REDIS_SENTINEL_PASSWORD: v.optional(v.pipe(v.string(), v.maxLength(512))),
  // A write is acknowledged once this many of the replicas the primary has connected have it (WAIT).
  REDIS_WAIT_REPLICAS: v.optional(whole(0, 16)),
  // With no replica connected, writes are refused ("later") this long, then acknowledged by the
  // primary alone (docs/decisions/0010).
  REDIS_ALONE_AFTER_S: v.optional(whole(0, 86_400), String(DEFAULT_ALONE_AFTER_S)),
  COUNTER_DATA_DIR: v.optional(v.string(), "data"),
  TRUST_PROXY: v.optional(v.pipe(v.string(), v.check(readsAsTrust), v.transform(proxyTrust)), "0"),
  COUNTER_READ_LIMIT: v.optional(limit, limitText(DEFAULT_LIMITS.read)),
  COUNTER_WRITE_LIMIT: v.optional(limit, limitText(DEFAULT_LIMITS.write)),
  COUNTER_MAX_DEVICES: v.optional(whole(1), String(DEFAULT_DEVICE_MEMORY.maxDevices)),
  STORE_DEADLINE_MS: v.optional(whole(1, MAX_TIMER_MS), "1500"),
  SHUTDOWN_GRACE_MS: v.optional(whole(0, MAX_TIMER_MS - 2000), "8000"),
  LOG_LEVEL: v.optional(v.picklist(["debug", "info", "warn", "error"]), "info"),
  BUBBLES_SHEET_SIZE: v.optional(whole(1, MAX_SHEET_SIZE), String(DEFAULT_SHEET_SIZE)),
  // A message of pops the limit could never admit would be refused for ever.
  BUBBLES_POP_LIMIT: v.optional(
    v.pipe(
      limit,
      v.check((l) => l.burst >= MAX_POPS_PER_MESSAGE),
    ),
    limitText({ burst: POPS_BURST, perMinute: 60 * POPS_PER_SECOND }),
  ),
  // A batch of claps the limit could never admit would be refused for ever.
  CLAPS_LIMIT: v.optional(
    v.pipe(
      limit,
      v.check((l) => l.burst >= MAX_CLAPS_PER_BATCH),
    ),
    limitText({ burst: CLAPS_BURST, perMinute: 60 * CLAPS_PER_SECOND }),
  ),
  POLLS_VOTE_LIMIT: v.optional(limit, limitText({ burst: VOTES_BURST, perMinute: VOTES_PER_MINUTE })),
  POLLS_MAX_VOTES: v.optional(whole(1), String(DEFAULT_MAX_VOTES)),
  CLAPS_MAX_PAGES: v.optional(whole(1), String(DEFAULT_MAX_PAGES)),
  WALL_COOLDOWN_S: v.optional(whole(1, 3600), String(DEFAULT_COOLDOWN_S)),
  LIVE_MAX_CONNECTIONS: v.optional(whole(0), "10000"),
  // A school or a carrier's NAT puts hundreds of visitors behind one address: the caps per
  // address are sized for them, and each visitor is held to its own (LIVE_MAX_PER_VISITOR).
  LIVE_MAX_PER_ADDRESS: v.optional(whole(0), "1000"),
  LIVE_MAX_PER_BLOCK: v.optional(whole(0), "2000"),
  LIVE_MAX_PER_VISITOR: v.optional(whole(1), "16"),
  LIVE_UPGRADE_LIMIT: v.optional(limit, "600/1200"),
  LIVE_VISITORS_PER_ADDRESS: v.optional(whole(1, 1_000_000), "32"),
  // What one address may send on all its channels together (server/live/address-budget.ts).
  LIVE_ADDRESS_MESSAGES: v.optional(limit, "1000/30000"),
  LIVE_ADDRESS_BYTES: v.optional(limit, "1048576/15728640"),
  // Copied from an example, or typed by hand, it signs tokens with a key others may know.
  VISITOR_SECRET: v.optional(
    v.pipe(v.string(), v.minLength(MIN_SECRET_CHARS), v.maxLength(1024), v.check(randomEnough)),
  ),
  VISITOR_MINT_LIMIT: v.optional(limit, "120/120"),
  // Pages take 25 s of silence for a dead line (contracts/live.ts): the heartbeat must come sooner.
  LIVE_HEARTBEAT_MS: v.optional(whole(50, HEARTBEAT_EVERY_MS), String(HEARTBEAT_EVERY_MS)),
  METRICS_PORT: v.optional(whole(0, 65535)),
  METRICS_HOST: v.optional(v.pipe(v.string(), v.regex(/^[\w.:%-]{1,255}$/)), "127.0.0.1"),
  // The rolling-deploy test's stand-in for the next build (server/live/bus.ts): never in production.
  BUS_PUBLISH_NEXT: v.optional(v.picklist(["0", "1"]), "0"),
});

type Setting = keyof typeof EnvSchema.entries;

/** What each setting must be, for the message that stops the server (and docs/deploy.md's table of settings). */
export const EXPECTED: Record<Setting, string> = {
  PORT: "a whole number from 0 to 65535",
  HOST: "an address or host name to listen on (e.g. 127.0.0.1 or ::)",
  SITE_DIR: "a folder",
  REDIS_URL: "a redis:// or rediss:// URL",
  REDIS_SENTINELS:
    'the Sentinels as "host:port", comma-separated (e.g. "10.0.0.2:26379,10.0.0.3:26379,10.0.0.4:26379")',
  REDIS_SENTINEL_NAME: "the name the Sentinels monitor the primary by (letters, digits, . _ -; default pointless)",
  REDIS_PASSWORD: "the Redis password, at most 512 characters",
  REDIS_SENTINEL_PASSWORD: "the Sentinels' password, at most 512 characters",
  REDIS_WAIT_REPLICAS: "a whole number from 0 to 16 (replicas that must have a write before it is acknowledged)",
  REDIS_ALONE_AFTER_S:
    "a whole number of seconds from 0 to 86400 (with no replica connected, how long writes wait for one before the primary alone acknowledges them)",
  COUNTER_DATA_DIR: "a folder",
  TRUST_PROXY:
    'the addresses or subnets of the proxies in front, comma-separated (e.g. "10.0.0.0/8,127.0.0.1" or "loopback"), or how many proxies are in front (0, 1, 2...)',
  COUNTER_READ_LIMIT: 'a limit "burst/perMinute" in whole numbers of at least 1 (e.g. "30/120")',
  COUNTER_WRITE_LIMIT: 'a limit "burst/perMinute" in whole numbers of at least 1 (e.g. "30/90")',
  COUNTER_MAX_DEVICES: "a whole number of at least 1",
  STORE_DEADLINE_MS: `a whole number of milliseconds from 1 to ${MAX_TIMER_MS}`,
  SHUTDOWN_GRACE_MS: `a whole number of milliseconds from 0 to ${MAX_TIMER_MS - 2000}`,
  LOG_LEVEL: "one of debug, info, warn, error",
  BUBBLES_SHEET_SIZE: `a whole number from 1 to ${MAX_SHEET_SIZE}`,
  BUBBLES_POP_LIMIT: `a limit "burst/perMinute" in whole numbers, the burst at least ${MAX_POPS_PER_MESSAGE} (the most pops a page sends at once; e.g. "30/900")`,
  CLAPS_LIMIT: `a limit "burst/perMinute" in whole numbers, the burst at least ${MAX_CLAPS_PER_BATCH} (the most claps a page sends at once; e.g. "60/1800")`,
  POLLS_VOTE_LIMIT: 'a limit "burst/perMinute" of votes per visitor, in whole numbers of at least 1 (e.g. "20/120")',
  POLLS_MAX_VOTES: "a whole number of at least 1 (votes remembered, one per question and visitor)",
  CLAPS_MAX_PAGES: "a whole number of at least 1 (clapping pages remembered, to count each batch once)",
  WALL_COOLDOWN_S: "a whole number of seconds from 1 to 3600 (between two paints of one visitor on the emoji wall)",
  LIVE_MAX_CONNECTIONS: "a whole number (0 refuses every live channel)",
  LIVE_MAX_PER_ADDRESS: "a whole number (0 refuses every live channel)",
  LIVE_MAX_PER_BLOCK: "a whole number of live channels from one IPv6 /56 (0 refuses every IPv6 channel)",
  LIVE_MAX_PER_VISITOR: "a whole number of at least 1 (live channels one visitor token may have open at once)",
  LIVE_UPGRADE_LIMIT: 'a limit "burst/perMinute" of new live channels per address (e.g. "600/1200")',
  LIVE_VISITORS_PER_ADDRESS:
    "a whole number from 1 to 1000000 (how many visitors' worth of each shared toy's limit one address gets)",
  LIVE_ADDRESS_MESSAGES:
    'a limit "burst/perMinute" of messages one address may send on all its live channels together (e.g. "1000/30000")',
  LIVE_ADDRESS_BYTES:
    'a limit "burst/perMinute" of bytes one address may send on all its live channels together (e.g. "1048576/15728640")',
  VISITOR_SECRET: `a random secret of ${MIN_SECRET_CHARS} to 1024 characters, not an example's: make one with \`${MAKE_SECRET}\` (it signs visitor tokens; unset: one is made and kept in the store)`,
  VISITOR_MINT_LIMIT: 'a limit "burst/perMinute" of new visitor tokens per address and per IPv6 /56 (e.g. "120/120")',
  LIVE_HEARTBEAT_MS: `a whole number of milliseconds from 50 to ${HEARTBEAT_EVERY_MS}`,
  METRICS_PORT: "a whole number from 0 to 65535 (unset: no metrics)",
  METRICS_HOST: "an address to serve the metrics on (e.g. 127.0.0.1)",
  BUS_PUBLISH_NEXT: "0 or 1 (for a test only: publish on the bus as the next version would)",
};

/** What a setting with no default does when it is unset (for docs/deploy.md's table of settings). */
export const WHEN_UNSET: Partial<Record<Setting, string>> = {
  HOST: "every interface",
  REDIS_URL: "SQLite in COUNTER_DATA_DIR, one process (unless REDIS_SENTINELS)",
  REDIS_SENTINELS: "no Sentinel",
  REDIS_PASSWORD: "none",
  REDIS_SENTINEL_PASSWORD: "none",
  REDIS_WAIT_REPLICAS: "1 with REDIS_SENTINELS, else 0",
  VISITOR_SECRET: "one is made and kept in the store: set it on a fleet",
  METRICS_PORT: "no metrics",
};

/** A value fit for the message: a Redis URL's password is not shown. */
const shown = (setting: Setting, value: string) =>
  setting === "VISITOR_SECRET" || setting === "REDIS_PASSWORD" || setting === "REDIS_SENTINEL_PASSWORD"
    ? `${value.length} characters`
    : JSON.stringify(setting === "REDIS_URL" ? value.replace(/\/\/[^/@]*@/, "//***@") : value).slice(0, 200);

/** The environment has settings the server cannot run with: one message per setting. */
export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(problems.join("; "));
    this.name = "ConfigError";
    this.problems = problems;
  }
}

/**
 * Everything the server reads from its environment, in one place, read once at start: the schema
 * above, with each setting's default, and EXPECTED, what each takes (docs/deploy.md's table of
 * settings is made from both: `npm run docs`).
 *
 * An unset or empty setting takes its default. A malformed one is never replaced by the default
 * (PORT=abc serving on 3000 would hide the mistake): it throws a ConfigError naming each bad
 * setting, its value and what it should be, e.g. `PORT must be a whole number from 0 to 65535,
 * got "abc"`, and main.ts stops with exit code 1 before listening.
 */
export function readConfig(env: Env = process.env) {
  const given = Object.fromEntries(
    Object.keys(EnvSchema.entries).map((name) => [name, env[name] === "" ? undefined : env[name]]),
  );
  const parsed = v.safeParse(EnvSchema, given, { abortPipeEarly: true });
  if (!parsed.success) {
    const bad = [...new Set(parsed.issues.map((issue) => v.getDotPath(issue) as Setting))];
    throw new ConfigError(
      bad.map((name) => `${name} must be ${EXPECTED[name]}, got ${shown(name, String(given[name]))}`),
    );
  }
  const s = parsed.output;
  if (s.REDIS_URL && s.REDIS_SENTINELS) {
    throw new ConfigError([
      `REDIS_URL and REDIS_SENTINELS are both set: set REDIS_URL for one Redis, or REDIS_SENTINELS for a primary with replicas, not both`,
    ]);
  }
  return {
    port: s.PORT,
    host: s.HOST,
    siteDir: s.SITE_DIR,
    redisUrl: s.REDIS_URL,
    redisSentinels: s.REDIS_SENTINELS,
    redisSentinelName: s.REDIS_SENTINEL_NAME,
    redisPassword: s.REDIS_PASSWORD,
    redisSentinelPassword: s.REDIS_SENTINEL_PASSWORD,
    redisWaitReplicas: s.REDIS_WAIT_REPLICAS ?? (s.REDIS_SENTINELS ? 1 : 0),
    redisAloneAfterMs: s.REDIS_ALONE_AFTER_S * 1000,
    dataDir: s.COUNTER_DATA_DIR,
    trust: s.TRUST_PROXY,
    limits: { read: s.COUNTER_READ_LIMIT, write: s.COUNTER_WRITE_LIMIT },
    deviceMemory: { ...DEFAULT_DEVICE_MEMORY, maxDevices: s.COUNTER_MAX_DEVICES },
    deadlineMs: s.STORE_DEADLINE_MS,
    graceMs: s.SHUTDOWN_GRACE_MS,
    logLevel: s.LOG_LEVEL,
    sheetSize: s.BUBBLES_SHEET_SIZE,
    popLimit: s.BUBBLES_POP_LIMIT,
    clapLimit: s.CLAPS_LIMIT,
    voteLimit: s.POLLS_VOTE_LIMIT,
    pollMaxVotes: s.POLLS_MAX_VOTES,
    clapMaxPages: s.CLAPS_MAX_PAGES,
    wallCooldownS: s.WALL_COOLDOWN_S,
    liveMaxConnections: s.LIVE_MAX_CONNECTIONS,
    liveMaxPerAddress: s.LIVE_MAX_PER_ADDRESS,
    liveMaxPerBlock: s.LIVE_MAX_PER_BLOCK,
    liveMaxPerVisitor: s.LIVE_MAX_PER_VISITOR,
    upgradeLimit: s.LIVE_UPGRADE_LIMIT,
    visitorsPerAddress: s.LIVE_VISITORS_PER_ADDRESS,
    addressMessages: s.LIVE_ADDRESS_MESSAGES,
    addressBytes: s.LIVE_ADDRESS_BYTES,
    visitorSecret: s.VISITOR_SECRET,
    visitorMintLimit: s.VISITOR_MINT_LIMIT,
    heartbeatMs: s.LIVE_HEARTBEAT_MS,
    metricsPort: s.METRICS_PORT,
    metricsHost: s.METRICS_HOST,
    busPublishNext: s.BUS_PUBLISH_NEXT === "1",
  };
}

export type Config = ReturnType<typeof readConfig>;
