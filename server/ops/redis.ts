import { listensAfterPromotion } from "./listens-after-promotion.ts";
import { errorText, type Logger } from "./log.ts";
import { redisLibrary } from "./redis-library.ts";
import { type ReplicaCount, replicaWatch } from "./replica-wait.ts";
import { sentinelAsker } from "./sentinel-asker.ts";
import { StoreUnavailable } from "./store-guard.ts";

/**
 * The one Redis of a fleet, as this process reaches it: one Redis at a URL (REDIS_URL), or a
 * primary with replicas that Sentinel watches (REDIS_SENTINELS), found through the Sentinels and
 * followed when they promote a replica, for commands and for pub/sub alike (node-redis's Sentinel
 * client). Either way a write that must survive a failover goes through `sendWrite` (replica-wait.ts): it is
 * acknowledged once the replicas the primary has connected have it (docs/decisions/0006).
 */
const socketOptions = (deadlineMs: number) => ({
  connectTimeout: deadlineMs,
  reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, 2000),
});

/**
 * While Redis is away, commands fail at once instead of waiting in memory; while it is frozen, at
 * most this many wait for an answer, and the rest fail at once.
 */
const queueOptions = { disableOfflineQueue: true, commandsQueueMaxLength: 1000 };

export const createRedisClient = (url: string, deadlineMs: number) =>
  redisLibrary().createClient({ url, ...queueOptions, socket: socketOptions(deadlineMs) });
export type RedisClient = ReturnType<typeof createRedisClient>;

/** The connection that listens (a connection in subscriber mode can do nothing else). */
export interface Subscriber {
  subscribe(channel: string, listener: (message: string) => void): Promise<unknown>;
  readonly isReady: boolean;
  /** Connected (again): after a reconnect or a promotion, messages may have been missed. */
  onReady(handler: () => void): void;
  close(): Promise<void>;
}

export interface RedisLink {
  /** Commands, to the primary. */
  client: RedisClient;
  /** Where the data is, for the start-up line (never a password). */
  where: string;
  subscriber(): Subscriber;
  /** The primary in use ("host:port"), or undefined while none answers. */
  primary(): string | undefined;
  /** How many replicas the primary had connected at the last look (null: not watched, or not asked yet; "unknown": it does not say). */
  replicas(): ReplicaCount | null;
  /** Settles when the first connection is ready or its try failed (refused, or no answer in time). */
  firstTry: Promise<void>;
  close(): Promise<void>;
}

export interface RedisSettings {
  url?: string;
  sentinels?: { host: string; port: number }[];
  sentinelName?: string;
  password?: string;
  sentinelPassword?: string;
  /** A write is acknowledged once this many of the primary's connected replicas have it. */
  waitReplicas?: number;
  /** With no replica connected, writes are refused for this long, then acknowledged by the primary alone. */
  aloneAfterMs?: number;
  deadlineMs: number;
  log: Logger;
  /** Told when the primary answers, and when it does not. */
  mark(up: boolean, error?: unknown): void;
}

export function openRedisLink(settings: RedisSettings): RedisLink {
  return settings.sentinels ? sentinelLink(settings, settings.sentinels) : urlLink(settings, settings.url ?? "");
}

/** Resolves at the first of these events `emitter` emits. */
const firstOf = (emitter: { once(event: string, listener: () => void): unknown }, events: string[]) =>
  new Promise<void>((resolve) => {
    for (const event of events) emitter.once(event, () => resolve());
  });

/** Closes with the store's deadline, then drops the connection: a frozen Redis must not hold a stop. */
async function closeWithin(ms: number, close: () => Promise<unknown>, destroy: () => unknown, open: () => boolean) {
  const quit = open() ? close().catch(() => {}) : Promise.resolve();
  await Promise.race([quit, new Promise((resolve) => setTimeout(resolve, ms).unref())]);
  if (open()) await destroy();
}

function urlLink(settings: RedisSettings, url: string): RedisLink {
  const { deadlineMs, log, mark } = settings;
  const client = createRedisClient(url, deadlineMs);
  // The client reconnects by itself; what the API sees is logged by the guard, once per change.
  client.on("error", (error: unknown) => log.debug("redis client error", { error: errorText(error) }));
  const watch = replicaWatch(
    client,
    (args, wait) => client.multi().addCommand(args).addCommand(wait).execAsPipeline(),
    settings,
  );
  client.on("ready", () => {
    // A managed Redis that failed over behind its name is reached again at a new primary.
    watch.forget();
    mark(true);
  });
  client.on("end", () => mark(false, "connection closed"));
  const firstTry = firstOf(client, ["ready", "error"]);
  client.connect().catch((error: unknown) => mark(false, error));
  const { protocol, host } = (() => {
    try {
      return new URL(url);
    } catch {
      return { protocol: "redis:", host: "Redis" };
    }
  })();
  let subscriber: Subscriber | undefined;
  return {
    client,
    where: `Redis at ${protocol}//${host}`,
    subscriber() {
      if (subscriber) return subscriber;
      const listening = client.duplicate();
      listening.on("error", (error: unknown) => log.debug("redis subscriber error", { error: errorText(error) }));
      // It reconnects by itself, and subscribes again by itself; the guard logs the store's state.
      listening.connect().catch(() => {});
      subscriber = {
        subscribe: (channel, listener) => listening.subscribe(channel, listener),
        get isReady() {
          return listening.isReady;
        },
        onReady: (handler) => void listening.on("ready", handler),
        close: () =>
          closeWithin(
            1000,
            () => listening.close(),
            () => listening.destroy(),
            () => listening.isOpen,
          ),
      };
      return subscriber;
    },
    primary: () => (client.isReady ? host : undefined),
    replicas: watch.replicas,
    firstTry,
    async close() {
      watch.stop();
      await closeWithin(
        deadlineMs,
        () => client.close(),
        () => client.destroy(),
        () => client.isOpen,
      );
    },
  };
}

/** What a Sentinel link forwards as it is: the client's life, not commands to the primary. */
const NOT_COMMANDS = new Set(["connect", "close", "destroy", "on", "once", "off", "emit", "multi", "MULTI"]);

function sentinelLink(settings: RedisSettings, sentinels: { host: string; port: number }[]): RedisLink {
  const { deadlineMs, log, mark } = settings;
  const sentinel = redisLibrary().createSentinel({
    name: settings.sentinelName ?? "pointless",
    sentinelRootNodes: sentinels,
    nodeClientOptions: { password: settings.password, ...queueOptions, socket: socketOptions(deadlineMs) },
    sentinelClientOptions: { password: settings.sentinelPassword, socket: socketOptions(deadlineMs) },
    // One connection to the primary (a write and its WAIT share it), none to replicas: every read
    // is the primary's, never a replica's that may lag. The Sentinels' news of a promotion is
    // heard at once (their pub/sub); a look every 2 s besides.
    masterPoolSize: 1,
    replicaPoolSize: 0,
    scanInterval: 2000,
    // Sentinels away at start: it keeps asking, once a second, rather than give up.
    maxCommandRediscovers: 1_000_000,
  });
  const primary = () => {
    const node = sentinel.getMasterNode();
    return node ? `${node.host}:${node.port}` : undefined;
  };
  sentinel.on("error", (error: unknown) => log.debug("redis sentinel client error", { error: errorText(error) }));
  sentinel.on("client-error", (event: { type: string; error: unknown }) =>
    log.debug("redis sentinel client error", { node: event.type, error: errorText(event.error) }),
  );
  sentinel.on("topology-change", (event: { type: string; node?: { host: string; port: number } }) => {
    if (event.type === "MASTER_CHANGE" && event.node) {
      watch.forget();
      log.warn("redis primary (from Sentinel)", { primary: `${event.node.host}:${event.node.port}` });
    }
  });
  sentinel.on("reconnecting", () => mark(false, "Sentinel is promoting a replica"));

  // Commands go to the primary the Sentinels name; while no primary answers (killed, and not yet
  // replaced) they fail at once, as a plain client's do while it is away, rather than wait inside
  // the Sentinel client for the promotion.
  const noPrimary = () => Promise.reject(new StoreUnavailable("no Redis primary answers (Sentinel)"));
  const client = new Proxy(sentinel, {
    get(target, key) {
      if (key === "isReady") return target.isReady && target.getMasterNode() !== undefined;
      if (key === "sendCommand") {
        return (args: string[], options?: object) =>
          target.getMasterNode() ? target.sendCommand(false, args, options) : noPrimary();
      }
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== "function") return value;
      if (typeof key !== "string" || NOT_COMMANDS.has(key)) return value.bind(target);
      return (...args: unknown[]) => (target.getMasterNode() ? value.apply(target, args) : noPrimary());
    },
  }) as unknown as RedisClient;
  const asker = sentinelAsker({
    sentinels,
    name: settings.sentinelName ?? "pointless",
    password: settings.sentinelPassword,
    deadlineMs,
  });
  const watch = replicaWatch(
    client,
    (args, wait) =>
      sentinel.getMasterNode()
        ? sentinel.multi().addCommand(false, args).addCommand(false, wait).execAsPipeline()
        : noPrimary(),
    { ...settings, confirm: { primary, named: asker.named } },
  );
  const listening = listensAfterPromotion(sentinel, client);
  sentinel.on("ready", () => {
    watch.forget();
    mark(true);
    listening.listen();
  });
  sentinel.on("topology-change", (event: { type: string }) => {
    if (event.type === "MASTER_CHANGE") listening.promoted();
  });
  const firstTry = firstOf(sentinel, ["ready", "error", "client-error"]);
  sentinel.connect().catch((error: unknown) => mark(false, error));
  const subscriber: Subscriber = {
    subscribe: (channel, listener) => sentinel.subscribe(channel, listener),
    get isReady() {
      return sentinel.isReady;
    },
    onReady: (handler) => {
      sentinel.on("ready", handler);
      listening.onListening(handler);
    },
    // The link closes it.
    close: async () => {},
  };
  return {
    client,
    where: `Redis primary "${settings.sentinelName ?? "pointless"}" through Sentinel at ${sentinels.map((s) => `${s.host}:${s.port}`).join(",")}`,
    subscriber: () => subscriber,
    primary,
    replicas: watch.replicas,
    firstTry,
    async close() {
      watch.stop();
      asker.close();
      listening.stop();
      await closeWithin(
        deadlineMs,
        () => sentinel.close(),
        () => sentinel.destroy(),
        () => sentinel.isOpen,
      );
    },
  };
}
