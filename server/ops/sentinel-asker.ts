import { withinDeadline } from "./deadline.ts";
import { redisLibrary } from "./redis-library.ts";

/**
 * Which primary the Sentinels name now ("host:port"), asked of them directly with
 * `SENTINEL GET-MASTER-ADDR-BY-NAME`, not of node-redis's Sentinel client: that client's view is
 * refreshed every two seconds, and until then it may write to an old primary that was killed and
 * came back, still a primary by its own configuration, until the Sentinels make it a replica and
 * it drops what it took meanwhile (docs/decisions/0006). One connection, to the first Sentinel
 * that answers (the next one after a failure); every question has the store's deadline.
 */
export function sentinelAsker(settings: {
  sentinels: { host: string; port: number }[];
  name: string;
  password?: string;
  deadlineMs: number;
}) {
  const open = (host: string, port: number) =>
    redisLibrary().createClient({
      password: settings.password,
      disableOfflineQueue: true,
      socket: { host, port, connectTimeout: settings.deadlineMs, reconnectStrategy: false },
    });
  let client: ReturnType<typeof open> | undefined;
  let at = 0;

  function drop() {
    const old = client;
    client = undefined;
    if (old?.isOpen) old.destroy();
  }

  const within = <T>(promise: Promise<T>) =>
    withinDeadline(promise, settings.deadlineMs, () => new Error("no answer from the Sentinel"));

  /** The connection, or the one being made: questions asked meanwhile share it, never open another. */
  let connecting: Promise<ReturnType<typeof open>> | undefined;
  function connected() {
    if (client?.isReady) return Promise.resolve(client);
    if (connecting) return connecting;
    drop();
    const { host, port } = settings.sentinels[at % settings.sentinels.length] ?? { host: "", port: 0 };
    const next = open(host, port);
    next.on("error", () => {});
    client = next;
    connecting = within(next.connect())
      .then(() => next)
      .finally(() => {
        connecting = undefined;
      });
    return connecting;
  }

  /** The primary the Sentinels name, or undefined when none of them answers or names one. */
  async function named(): Promise<string | undefined> {
    for (let tries = 0; tries < settings.sentinels.length; tries++) {
      try {
        const asking = await connected();
        const reply = await within(asking.sendCommand(["SENTINEL", "GET-MASTER-ADDR-BY-NAME", settings.name]));
        return Array.isArray(reply) && reply.length === 2 ? `${reply[0]}:${reply[1]}` : undefined;
      } catch {
        drop();
        at++;
      }
    }
    return undefined;
  }

  return { named, close: drop };
}
