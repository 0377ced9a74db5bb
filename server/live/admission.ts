import type { FleetOpen } from "./fleet-open.ts";

/**
 * Who gets a live channel (docs/decisions/0007-fair-admission.md): the caps per address and per
 * IPv6 /56 for the whole fleet (fleet-open.ts), and, when this process is full, the channels go to
 * the addresses holding the fewest: a newcomer from an address holding fewer than the heaviest
 * address less one takes the place of that address's channel idle the longest, which is told the
 * site is busy and comes back later. That place is taken last: once the upgrade passed every other
 * check (its address's upgrade limit, the fleet's caps, its socket still open) and the new channel
 * answered, so an upgrade refused or abandoned takes no one's place; and each address may take only
 * a few places a minute (EVICTIONS_PER_ADDRESS), never a channel that is sending (SENDING_WITHIN_MS).
 * So whoever holds the most when the process is full yields,
 * never whoever came last: eleven addresses holding all they may cannot keep a twelfth out, and a
 * school behind one address is held to no less than an equal share of the process.
 *
 * Addresses are compared by their coarsest key (client-address.ts limitKeys: an IPv4 address, an
 * IPv6 /56), so a home's 256 /64s are one address here too.
 */
export interface Holder {
  /** When the page last sent anything, or the channel opened (ms since 1970). */
  lastActive(): number;
  /** When the page last sent a message (ms since 1970; 0 for never). */
  lastSent(): number;
  /** Gives its place to a newcomer: it is told the site is busy, and closed. */
  yieldPlace(): void;
}

export interface Place {
  /** Counts the channel out (once, however often it is called). */
  release(): void;
  /**
   * The last check before the upgrade completes, once every other one has passed and the socket is
   * still open: when the process is over its cap, whether the heaviest address could yield a
   * channel to this one, or the refusal. Nothing is taken yet: the place is owed (`owes`) until
   * the channel answers (`settle`). Called once; a place refused here is released by its caller.
   */
  admit(): Refusal | null;
  /** Whether the channel is admitted over the cap, and a channel yields to it once it answers. */
  owes(): boolean;
  /**
   * The owed place settled: the channel answered (its first frame: the pong to the ping sent on
   * upgrade, or a message), so the heaviest address yields a channel to it now; or it did not
   * answer in time (`answered` false). Either way, when there is no room and no one to yield, this
   * channel itself yields (its holder is told busy and closed).
   */
  settle(answered: boolean): void;
  /** The upgraded channel may now yield its place to an address holding fewer. */
  hold(holder: Holder): void;
}

export type Refusal = "full" | "per-address";

/**
 * Channels one address (its coarsest key) may take from others a minute, per process: an address
 * that passes every check and hangs up at once can close a channel of the heaviest address with
 * each upgrade, so what it may take is budgeted apart from what it may open.
 */
export const EVICTIONS_PER_ADDRESS = { burst: 6, perMinute: 6 };
/**
 * A channel whose page sent something this recently is sending (a visitor popping, clapping),
 * never taken. An address's message budget (address-budget.ts, 500 a second) keeps at most half of
 * its 1,000 channels sending by this measure.
 */
export const SENDING_WITHIN_MS = 1000;
/** How long a channel admitted over the cap has to answer the ping sent on upgrade (`settle`). */
export const OWED_ANSWER_MS = 5000;
/** Addresses whose evictions are counted, at most; past it, all are forgotten at once. */
const MAX_EVICTORS = 50_000;

export interface AdmissionOptions {
  maxConnections: number;
  maxPerAddress: number;
  maxPerBlock: number;
  fleet: FleetOpen;
  /** The clock, for tests. */
  now?: () => number;
}

export function createAdmission({
  maxConnections,
  maxPerAddress,
  maxPerBlock,
  fleet,
  now = Date.now,
}: AdmissionOptions) {
  /** Channels held per key (an address, a /56, a visitor), in this process, upgrades under way included. */
  const open = new Map<string, number>();
  /** Upgraded channels by the address they are compared under. */
  const holders = new Map<string, Set<Holder>>();
  /** The evictions each address has left: tokens, and when they were counted. */
  let evictors = new Map<string, { tokens: number; at: number }>();
  /** Places counted: channels open and upgrades under way that passed `reserve`. */
  let connections = 0;
  /**
   * Channels admitted (`admit`), owed ones included: what the cap is held against. Upgrades still
   * asking their limits are not counted here, so one that will be refused never makes another
   * owe a place.
   */
  let admitted = 0;
  /** Channels admitted over the cap whose place is still owed (Place.owes), and at most how many. */
  let owed = 0;
  const maxOwed = Math.max(10, Math.ceil(maxConnections / 100));

  const count = (key: string, by: number) => {
    const left = (open.get(key) ?? 0) + by;
    if (left > 0) open.set(key, left);
    else open.delete(key);
  };
  const capOf = (k: number) => (k === 0 ? maxPerAddress : maxPerBlock);
  const fairKey = (keys: readonly string[]) => keys[keys.length - 1] ?? "unknown";
  const overCap = (keys: readonly string[]) => keys.some((key, k) => k < 2 && (open.get(key) ?? 0) >= capOf(k));

  /**
   * The channel that yields to an address holding `held` (itself not counted): the idlest channel
   * not sending of the heaviest address holding at least two more, so that the newcomer's holds
   * strictly fewer after the move and two addresses never take a place back and forth. An address
   * whose every channel is sending yields none; the next heaviest may.
   */
  function victim(held: number): Holder | null {
    const at = now();
    let best: { held: number; holder: Holder } | null = null;
    for (const [key, set] of holders) {
      const holds = open.get(key) ?? 0;
      if (holds < held + 2 || (best && holds <= best.held)) continue;
      let idlest: Holder | null = null;
      for (const holder of set) {
        if (at - holder.lastSent() < SENDING_WITHIN_MS) continue;
        if (!idlest || holder.lastActive() < idlest.lastActive()) idlest = holder;
      }
      if (idlest) best = { held: holds, holder: idlest };
    }
    return best?.holder ?? null;
  }

  /** The evictions `address` has left now (refilled since it was last counted). */
  function evictionsLeft(address: string): number {
    const account = evictors.get(address);
    if (!account) return EVICTIONS_PER_ADDRESS.burst;
    const refilled = ((now() - account.at) / 60_000) * EVICTIONS_PER_ADDRESS.perMinute;
    return Math.min(EVICTIONS_PER_ADDRESS.burst, account.tokens + refilled);
  }
  function spendEviction(address: string) {
    if (!evictors.has(address) && evictors.size >= MAX_EVICTORS) evictors = new Map();
    evictors.set(address, { tokens: evictionsLeft(address) - 1, at: now() });
  }

  /** Whether `mine`, which holds `held` (itself not counted), may take a place now, and whose. */
  function yielder(mine: string, held: number): Holder | null {
    return evictionsLeft(mine) >= 1 ? victim(held) : null;
  }
  /**
   * Whether one more channel may be owed a place. Per address, its evictions bound them (each owed
   * place spends one at `admit`, whatever becomes of it).
   */
  const mayOwe = () => owed < maxOwed;

  /**
   * A place for a channel from `keys`, counted at once (so upgrades under way count against the
   * caps), or why not. Nothing is taken from anyone here: when the process is full, this only
   * asks whether the heaviest address could yield. `admit`, the upgrade's last step, asks again,
   * and the place is taken only once the new channel has answered (`settle`): an upgrade refused,
   * abandoned or hung up at once costs no one their channel. The fleet's caps are asked between
   * `reserve` and `admit` (`claim`).
   */
  function reserve(keys: readonly string[]): Place | Refusal {
    if (overCap(keys)) return "per-address";
    const mine = fairKey(keys);
    if (admitted >= maxConnections && !(mayOwe() && yielder(mine, open.get(mine) ?? 0))) return "full";
    connections++;
    for (const key of keys) count(key, 1);
    let held: Holder | null = null;
    let released = false;
    let asked = false;
    let counted = false;
    let owes = false;
    const place: Place = {
      release() {
        if (released) return;
        released = true;
        if (owes) owed--;
        owes = false;
        if (counted) admitted--;
        connections--;
        for (const [k, key] of keys.entries()) {
          count(key, -1);
          if (k < 2) fleet.tell(key, open.get(key) ?? 0);
        }
        if (held) holders.get(mine)?.delete(held);
        if (holders.get(mine)?.size === 0) holders.delete(mine);
      },
      admit() {
        if (released || asked) return "full";
        asked = true;
        if (admitted < maxConnections) {
          admitted++;
          counted = true;
          return null;
        }
        // This upgrade is counted in `open` already: what the address holds without it.
        if (!mayOwe() || !yielder(mine, (open.get(mine) ?? 1) - 1)) return "full";
        // Spent now and never given back: an address whose channels hang up or stay silent before
        // they answer pays for each one, though it took no one's place.
        spendEviction(mine);
        owes = true;
        owed++;
        admitted++;
        counted = true;
        return null;
      },
      owes: () => owes,
      settle(answered) {
        if (!owes || released) return;
        owes = false;
        owed--;
        // Room after all (another channel closed meanwhile): nobody need yield.
        if (admitted <= maxConnections) return;
        const holder = answered ? victim((open.get(mine) ?? 1) - 1) : null;
        if (holder) holder.yieldPlace();
        else held?.yieldPlace();
      },
      hold(holder) {
        if (released) return;
        held = holder;
        const set = holders.get(mine) ?? new Set<Holder>();
        set.add(holder);
        holders.set(mine, set);
      },
    };
    return place;
  }

  /** Why a channel from `keys` would be refused now in this process, or null (for the page's probe). */
  function wouldRefuse(keys: readonly string[]): Refusal | null {
    if (overCap(keys)) return "per-address";
    if (admitted < maxConnections) return null;
    const mine = fairKey(keys);
    return mayOwe() && yielder(mine, open.get(mine) ?? 0) ? null : "full";
  }

  /** Whether the fleet's caps per address and /56 take the channel `reserve` placed here. */
  async function claim(keys: readonly string[]): Promise<boolean> {
    const capped = keys.slice(0, 2);
    const full = await fleet.claim(
      capped,
      capped.map((key) => open.get(key) ?? 0),
      capped.map((_, k) => capOf(k)),
    );
    return full < 0;
  }

  return {
    reserve,
    wouldRefuse,
    claim,
    count,
    openUnder: (key: string) => open.get(key) ?? 0,
    get connections() {
      return connections;
    },
    stop: () => fleet.stop(),
  };
}

export type Admission = ReturnType<typeof createAdmission>;
