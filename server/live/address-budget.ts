import type { FleetLimiter } from "../ops/limiter.ts";

/**
 * What one address may send on all its channels together, in messages and in bytes (every frame
 * counts: text, binary, ping and pong). A channel has its own message limit (page-channel.ts), but
 * an address may hold a thousand channels: without this, 25,000 messages a second from one address
 * were parsed, checked and answered, per process.
 *
 * Each process spends an address's budget in its own memory at once (a token bucket per address,
 * so the first process to see a flood stops it without asking anyone), and every FLUSH_MS tells
 * the fleet's limiter (limiter.ts, in Redis with one) what each address spent: past the fleet's
 * budget, the address is refused in this process until the limiter says. A refused frame closes
 * its channel with 1013 (try later): the page keeps what it sent unanswered and sends it again
 * when it is back, and the server spends nothing more on it. An address with no channel left for
 * a minute is forgotten.
 */
export interface BudgetLimit {
  burst: number;
  perSecond: number;
}

export const DEFAULT_ADDRESS_MESSAGES: BudgetLimit = { burst: 1000, perSecond: 500 };
export const DEFAULT_ADDRESS_BYTES: BudgetLimit = { burst: 1024 * 1024, perSecond: 256 * 1024 };

/** How often a process tells the fleet what each address spent (the fleet's count lags by this). */
export const FLUSH_MS = 250;
const FORGET_AFTER_MS = 60_000;

interface Account {
  messages: (points?: number) => boolean;
  bytes: (points?: number) => boolean;
  spentMessages: number;
  spentBytes: number;
  refusedUntil: number;
  usedAt: number;
}

export function createAddressBudget({
  messages = DEFAULT_ADDRESS_MESSAGES,
  bytes = DEFAULT_ADDRESS_BYTES,
  fleetMessages,
  fleetBytes,
}: {
  messages?: BudgetLimit;
  bytes?: BudgetLimit;
  /** The fleet's count of the same budgets (limiter.ts), told every FLUSH_MS. */
  fleetMessages?: FleetLimiter;
  fleetBytes?: FleetLimiter;
}) {
  const accounts = new Map<string, Account>();

  const accountOf = (key: string) => {
    let account = accounts.get(key);
    if (!account) {
      account = {
        messages: pointsBucket(messages),
        bytes: pointsBucket(bytes),
        spentMessages: 0,
        spentBytes: 0,
        refusedUntil: 0,
        usedAt: 0,
      };
      accounts.set(key, account);
    }
    return account;
  };

  const timer = setInterval(() => {
    const now = Date.now();
    for (const [key, account] of accounts) {
      if (account.spentMessages > 0 && fleetMessages)
        tellFleet(fleetMessages, key, account, Math.min(account.spentMessages, messages.burst));
      if (account.spentBytes > 0 && fleetBytes)
        tellFleet(fleetBytes, key, account, Math.min(account.spentBytes, bytes.burst));
      account.spentMessages = 0;
      account.spentBytes = 0;
      if (now - account.usedAt > FORGET_AFTER_MS && account.refusedUntil < now) accounts.delete(key);
    }
  }, FLUSH_MS);
  timer.unref();

  function tellFleet(limiter: FleetLimiter, key: string, account: Account, spent: number) {
    limiter.take(key, spent).then(
      (waitMs) => {
        if (waitMs > 0) account.refusedUntil = Math.max(account.refusedUntil, Date.now() + Math.min(waitMs, 60_000));
      },
      () => {},
    );
  }

  return {
    /** Spends one frame of `size` bytes for the address `key`: false when its budget is spent. */
    spend(key: string, size: number): boolean {
      const account = accountOf(key);
      const now = Date.now();
      account.usedAt = now;
      if (account.refusedUntil > now) return false;
      if (!account.messages() || !account.bytes(size)) return false;
      account.spentMessages++;
      account.spentBytes += size;
      return true;
    },
    stop: () => clearInterval(timer),
  };
}

/** A token bucket that takes `points` at a time. */
function pointsBucket({ burst, perSecond }: BudgetLimit) {
  let tokens = burst;
  let at = Date.now();
  return (points = 1) => {
    const now = Date.now();
    tokens = Math.min(burst, tokens + ((now - at) / 1000) * perSecond);
    at = now;
    if (tokens < points) return false;
    tokens -= points;
    return true;
  };
}

export type AddressBudget = ReturnType<typeof createAddressBudget>;
