import type { FleetOpen } from "./fleet-open.ts";

/**
 * Who gets a live channel (docs/decisions/0007-fair-admission.md): the caps per address and per
 * IPv6 /56 for the whole fleet (fleet-open.ts), and, when this process is full, the channels go to
 * the addresses holding the fewest: a newcomer from an address holding fewer than the heaviest
 * address less one takes the place of that address's channel idle the longest, which is told the
 * site is busy and comes back later. So whoever holds the most when the process is full yields,
 * never whoever came last: eleven addresses holding all they may cannot keep a twelfth out, and a
 * school behind one address is held to no less than an equal share of the process.
 *
 * Addresses are compared by their coarsest key (client-address.ts limitKeys: an IPv4 address, an
 * IPv6 /56), so a home's 256 /64s are one address here too.
 */
export interface Holder {
  /** When the page last sent anything (ms since 1970). */
  lastActive(): number;
  /** Gives its place to a newcomer: it is told the site is busy, and closed. */
  yieldPlace(): void;
}

export interface Place {
  /** Counts the channel out (once, however often it is called). */
  release(): void;
  /** The upgraded channel may now yield its place to an address holding fewer. */
  hold(holder: Holder): void;
}

export type Refusal = "full" | "per-address";

export interface AdmissionOptions {
  maxConnections: number;
  maxPerAddress: number;
  maxPerBlock: number;
  fleet: FleetOpen;
}

export function createAdmission({ maxConnections, maxPerAddress, maxPerBlock, fleet }: AdmissionOptions) {
  /** Channels held per key (an address, a /56, a visitor), in this process. */
  const open = new Map<string, number>();
  /** Upgraded channels by the address they are compared under. */
  const holders = new Map<string, Set<Holder>>();
  let connections = 0;

  const count = (key: string, by: number) => {
    const left = (open.get(key) ?? 0) + by;
    if (left > 0) open.set(key, left);
    else open.delete(key);
  };
  const capOf = (k: number) => (k === 0 ? maxPerAddress : maxPerBlock);
  const fairKey = (keys: readonly string[]) => keys[keys.length - 1] ?? "unknown";

  /** The address holding the most upgraded channels, and its channel idle the longest. */
  function heaviest(): { held: number; holder: Holder } | null {
    let top: { held: number; set: Set<Holder> } | null = null;
    for (const [key, set] of holders) {
      const held = open.get(key) ?? 0;
      if (set.size > 0 && (!top || held > top.held)) top = { held, set };
    }
    if (!top) return null;
    let idlest: Holder | null = null;
    for (const holder of top.set) if (!idlest || holder.lastActive() < idlest.lastActive()) idlest = holder;
    return idlest && { held: top.held, holder: idlest };
  }

  /**
   * A place for a channel from `keys`, decided at once in this process (within its caps, or by
   * the heaviest address yielding one), or why not. The fleet's caps are asked after (`claim`).
   */
  function reserve(keys: readonly string[]): Place | Refusal {
    if (keys.some((key, k) => k < 2 && (open.get(key) ?? 0) >= capOf(k))) return "per-address";
    const mine = fairKey(keys);
    if (connections >= maxConnections) {
      const top = heaviest();
      // Strictly fewer after the move, so two addresses never take a place back and forth.
      if (!top || (open.get(mine) ?? 0) + 1 >= top.held) return "full";
      top.holder.yieldPlace();
      if (connections >= maxConnections) return "full";
    }
    connections++;
    for (const key of keys) count(key, 1);
    let held: Holder | null = null;
    let released = false;
    return {
      release() {
        if (released) return;
        released = true;
        connections--;
        for (const [k, key] of keys.entries()) {
          count(key, -1);
          if (k < 2) fleet.tell(key, open.get(key) ?? 0);
        }
        if (held) holders.get(mine)?.delete(held);
        if (holders.get(mine)?.size === 0) holders.delete(mine);
      },
      hold(holder) {
        if (released) return;
        held = holder;
        const set = holders.get(mine) ?? new Set<Holder>();
        set.add(holder);
        holders.set(mine, set);
      },
    };
  }

  /** Why a channel from `keys` would be refused now in this process, or null (for the page's probe). */
  function wouldRefuse(keys: readonly string[]): Refusal | null {
    if (keys.some((key, k) => k < 2 && (open.get(key) ?? 0) >= capOf(k))) return "per-address";
    if (connections < maxConnections) return null;
    const top = heaviest();
    return !top || (open.get(fairKey(keys)) ?? 0) + 1 >= top.held ? "full" : null;
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
