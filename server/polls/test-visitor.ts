import type { NoMessage } from "../../contracts/live.ts";
import type { Counts, TalliesMessage, TallyMessage, VoteOk } from "../../contracts/polls.ts";
import { type LiveClient, openLive } from "../test/live-client.ts";
import { jsonOnceLoaded } from "../test/until.ts";

/** What a page hears on the topic "polls". */
type PollMessage = Omit<TalliesMessage, "topic"> | Omit<TallyMessage, "topic"> | Omit<VoteOk, "topic"> | NoMessage;

/**
 * A visitor of the polls on the live channel, for the server's tests: the counts as a page keeps
 * them (every count on joining, then each question's as it changes), and votes that wait for
 * their answer.
 */
export async function openPolls(origin: string, { visitor }: { visitor?: string } = {}) {
  const client: LiveClient = await openLive(origin, ["polls"], { visitor });
  const heard = () => client.messages as unknown as PollMessage[];
  let n = 0;
  const counts = (): Counts[] | null => {
    let seen: Counts[] | null = null;
    for (const message of heard()) {
      if (message.t === "tallies") seen = message.counts.map((c): Counts => [...c]);
      else if (message.t === "tally" && seen) seen[message.q] = message.counts;
    }
    return seen;
  };
  // It has the counts, and knows who it is: the visitor it named, or a new one the server minted.
  await client.until(() => counts() !== null && (visitor !== undefined || client.visitor !== null));
  const answerTo = (id: number) =>
    heard().find((m): m is Omit<VoteOk, "topic"> | NoMessage => (m.t === "ok" || m.t === "no") && m.n === id);
  return {
    client,
    /** The visitor token this page keeps (as a browser does, for its next visit). */
    token: visitor ?? (client.visitor as string),
    counts,
    answerTo,
    /** Sends a vote now, without waiting; its number. */
    send(vote: { q: number; a: number; device: string }) {
      client.send({ t: "vote", n: ++n, ...vote });
      return n;
    },
    /** Votes and waits for the answer. */
    async vote(vote: { q: number; a: number; device: string }) {
      const id = this.send(vote);
      await client.until(() => answerTo(id) !== undefined);
      return answerTo(id) as Omit<VoteOk, "topic"> | NoMessage;
    },
    close: () => client.close(),
  };
}

export type PollsVisitor = Awaited<ReturnType<typeof openPolls>>;

/** Every question's counts over plain HTTP, once the server has them from its store. */
export async function countsOver(origin: string): Promise<Counts[]> {
  return (await jsonOnceLoaded<{ counts: Counts[] }>(`${origin}/api/polls`)).counts;
}
