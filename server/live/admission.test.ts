import { describe, expect, it } from "vitest";
import {
  createAdmission,
  EVICTIONS_PER_ADDRESS,
  type Holder,
  type Place,
  type Refusal,
  SENDING_WITHIN_MS,
} from "./admission.ts";
import { localFleetOpen } from "./fleet-open.ts";

/**
 * Issue 66: the heaviest address yielded a channel before the upgrade's other checks were asked, so
 * a client holding nothing closed one school channel per refused or abandoned upgrade. Here the
 * admission alone, its channels fake holders on a clock the test moves.
 */
function process(maxConnections: number) {
  let clock = 1_000_000;
  const admission = createAdmission({
    maxConnections,
    maxPerAddress: 1000,
    maxPerBlock: 2000,
    fleet: localFleetOpen(),
    now: () => clock,
  });
  const yielded: string[] = [];
  /** A channel from `address` through every check, answering at once unless told not to. */
  function open(address: string, { idleFor = 60_000, answer = true } = {}): Place | Refusal {
    const place = admission.reserve([address]);
    if (typeof place === "string") return place;
    const refusal = place.admit();
    if (refusal) {
      place.release();
      return refusal;
    }
    holdOn(place, address, idleFor);
    if (answer) place.settle(true);
    return place;
  }
  function holdOn(place: Place, address: string, idleFor = 60_000) {
    const holder: Holder & { activeAt: number } = {
      activeAt: clock - idleFor,
      lastActive: () => holder.activeAt,
      lastSent: () => holder.activeAt,
      yieldPlace() {
        yielded.push(address);
        place.release();
      },
    };
    place.hold(holder);
    return holder;
  }
  return {
    admission,
    yielded,
    open,
    holdOn,
    tick: (ms: number) => {
      clock += ms;
    },
  };
}

const isPlace = (result: Place | Refusal): result is Place => typeof result !== "string";

/** A full process of ten: a school of eight channels behind one address, two from another. */
function fullOfASchool() {
  const site = process(10);
  for (let k = 0; k < 8; k++) expect(isPlace(site.open("school"))).toBe(true);
  for (let k = 0; k < 2; k++) expect(isPlace(site.open("home"))).toBe(true);
  expect(site.admission.connections).toBe(10);
  return site;
}

describe("when the process is full", () => {
  it("an upgrade refused after the reservation (its upgrade limit, the fleet's caps) takes no one's place", () => {
    const site = fullOfASchool();
    for (let k = 0; k < 10; k++) {
      const place = site.admission.reserve(["attacker"]);
      expect(isPlace(place)).toBe(true);
      if (isPlace(place)) place.release();
    }
    expect(site.yielded).toEqual([]);
    expect(site.admission.connections).toBe(10);
  });

  it("an upgrade admitted but hung up before it answered takes no one's place; one that answers takes one", () => {
    const site = fullOfASchool();
    const gone = site.open("newcomer", { answer: false });
    expect(isPlace(gone) && gone.owes()).toBe(true);
    if (isPlace(gone)) gone.release();
    expect(site.yielded).toEqual([]);
    expect(site.admission.connections).toBe(10);
    const stays = site.open("newcomer");
    expect(isPlace(stays) && !stays.owes()).toBe(true);
    expect(site.yielded).toEqual(["school"]);
    expect(site.admission.connections).toBe(10);
  });

  it("one that never answers yields its own place, not another's", () => {
    const site = fullOfASchool();
    const silent = site.open("newcomer", { answer: false });
    expect(isPlace(silent)).toBe(true);
    if (isPlace(silent)) silent.settle(false);
    expect(site.yielded).toEqual(["newcomer"]);
    expect(site.admission.connections).toBe(10);
  });

  it("takes at most one place per channel admitted, however often it is settled", () => {
    const site = fullOfASchool();
    const place = site.open("newcomer");
    if (isPlace(place)) {
      expect(place.admit()).toBe("full");
      place.settle(true);
      place.settle(false);
    }
    expect(site.yielded).toEqual(["school"]);
  });

  it(`an address takes at most ${EVICTIONS_PER_ADDRESS.burst} places at once, then ${EVICTIONS_PER_ADDRESS.perMinute} a minute`, () => {
    const site = process(40);
    for (let k = 0; k < 40; k++) expect(isPlace(site.open("school"))).toBe(true);
    const taken = () => site.yielded.length;
    for (let k = 0; k < EVICTIONS_PER_ADDRESS.burst; k++) {
      expect(isPlace(site.open(`evictor`))).toBe(true);
    }
    expect(taken()).toBe(EVICTIONS_PER_ADDRESS.burst);
    expect(site.open("evictor")).toBe("full");
    expect(site.admission.wouldRefuse(["evictor"])).toBe("full");
    // Another address is not held back by this one's budget.
    expect(isPlace(site.open("another"))).toBe(true);
    site.tick(60_000 / EVICTIONS_PER_ADDRESS.perMinute + 1);
    expect(isPlace(site.open("evictor"))).toBe(true);
    expect(site.open("evictor")).toBe("full");
    expect(taken()).toBe(EVICTIONS_PER_ADDRESS.burst + 2);
    expect(site.yielded.every((address) => address === "school")).toBe(true);
  });

  it("never takes the place of a channel that is sending; the next heaviest address with an idle one yields", () => {
    const site = process(10);
    const school = Array.from({ length: 8 }, () => {
      const place = site.admission.reserve(["school"]);
      if (!isPlace(place)) throw new Error(place);
      expect(place.admit()).toBeNull();
      return site.holdOn(place, "school", 0);
    });
    for (let k = 0; k < 2; k++) site.open("home");
    // Every school channel sent something just now: the home's idle channel yields instead.
    expect(isPlace(site.open("newcomer"))).toBe(true);
    expect(site.yielded).toEqual(["home"]);
    // The home holds one now: nobody else holds two more than a newcomer.
    expect(site.open("newcomer2")).toBe("full");
    site.tick(SENDING_WITHIN_MS - 1);
    expect(site.open("newcomer2")).toBe("full");
    site.tick(1);
    expect(isPlace(site.open("newcomer2"))).toBe(true);
    expect(site.yielded).toEqual(["home", "school"]);
    // The one that yielded was idle since; the others send without pause.
    for (const holder of school.slice(1)) holder.activeAt = Number.POSITIVE_INFINITY;
    expect(site.open("newcomer3")).toBe("full");
  });

  it("pays each place owed from the address's evictions, even one that hangs up before it answers", () => {
    const site = fullOfASchool();
    const silent = Array.from({ length: EVICTIONS_PER_ADDRESS.burst + 1 }, () =>
      site.open("newcomer", { answer: false }),
    );
    expect(silent.filter(isPlace)).toHaveLength(EVICTIONS_PER_ADDRESS.burst);
    expect(silent.at(-1)).toBe("full");
    expect(site.admission.wouldRefuse(["newcomer"])).toBe("full");
    // They hang up: no one yielded, and the address has spent what it may take this minute.
    for (const place of silent.filter(isPlace)) place.release();
    expect(site.yielded).toEqual([]);
    expect(site.open("newcomer")).toBe("full");
    site.tick(60_000 / EVICTIONS_PER_ADDRESS.perMinute + 1);
    expect(isPlace(site.open("newcomer"))).toBe(true);
    expect(site.yielded).toEqual(["school"]);
  });

  it("holds the cap against channels admitted, not upgrades still asking their limits", () => {
    const site = process(3);
    for (let k = 0; k < 2; k++) site.open("school");
    // Two upgrades from elsewhere ask their limits at once; one will be refused by them.
    const refused = site.admission.reserve(["a"]);
    const taken = site.admission.reserve(["b"]);
    if (!isPlace(refused) || !isPlace(taken)) throw new Error("no place");
    refused.release();
    expect(taken.admit()).toBeNull();
    expect(taken.owes()).toBe(false);
    expect(site.yielded).toEqual([]);
  });

  it("an address that would hold as many as the heaviest after the move takes nothing, so none go back and forth", () => {
    const site = process(4);
    for (let k = 0; k < 2; k++) site.open("a");
    for (let k = 0; k < 2; k++) site.open("b");
    expect(site.open("b")).toBe("full");
    expect(site.open("a")).toBe("full");
    expect(isPlace(site.open("c"))).toBe(true);
    expect(site.yielded).toEqual(["a"]);
    // a holds 1 now, b 2: a taking b's would leave them as they were.
    expect(site.open("a")).toBe("full");
    expect(site.yielded).toEqual(["a"]);
  });

  it("counts upgrades under way, so a crowd of them from one address does not take more than its share", () => {
    const site = fullOfASchool();
    const underWay = Array.from({ length: 10 }, () => site.admission.reserve(["crowd"]));
    // The school holds 8: the crowd's upgrades under way stop at 7, fewer than the school less one.
    expect(underWay.filter(isPlace)).toHaveLength(7);
    for (const place of underWay.filter(isPlace)) {
      if (place.admit() === null) {
        site.holdOn(place, "crowd");
        place.settle(true);
      } else place.release();
    }
    // Equal shares: the school and the crowd hold four each, beside the home's two.
    expect(site.admission.connections).toBe(10);
    expect([site.admission.openUnder("school"), site.admission.openUnder("crowd")]).toEqual([4, 4]);
    expect(site.yielded).toEqual(["school", "school", "school", "school"]);
  });
});
