import { RESUME_PATTERN, type Topic } from "../../contracts/live.ts";

/**
 * A topic's numbered messages in one server process: each gets the next number, and the last
 * `keep` are kept, so a page that comes back naming where it left off ("epoch.seq", its resume
 * token) gets what it missed instead of the topic's whole state, when that is less to send. The
 * epoch names this process's sequence: a token from another process (or before a restart) means
 * nothing here. At about 15 messages a second, 512 is the last half minute.
 */
export function createSequence(topic: Topic, keep = 512) {
  const epoch = (Math.random() * 0x1_0000_0000) >>> 0;
  let seq = 0;
  let keptBytes = 0;
  const kept: { seq: number; text: string }[] = [];
  return {
    epoch,
    /** The number of the last message. */
    get now() {
      return seq;
    },
    /** Where a page that has everything up to now left off. */
    token: () => `${epoch}.${seq}`,
    /** Numbers a message (with its topic) and keeps it; its text, to send. */
    add(message: object): string {
      seq++;
      const text = JSON.stringify({ topic, ...message, seq });
      kept.push({ seq, text });
      keptBytes += text.length;
      if (kept.length > keep) keptBytes -= kept.shift()?.text.length ?? 0;
      return text;
    },
    /** Skips a number and forgets what was kept: nobody can resume from before this point. */
    restart() {
      seq++;
      kept.length = 0;
      keptBytes = 0;
    },
    /**
     * The messages after the page's `token`, or null when it must have the whole state: a token
     * of another sequence, from before what is kept, or from the future; or when what it missed is
     * not less than `wholeBytes`.
     */
    since(token: string | undefined, wholeBytes = Number.POSITIVE_INFINITY): string[] | null {
      if (!token || !RESUME_PATTERN.test(token)) return null;
      const [tokenEpoch, tokenSeq] = token.split(".").map(Number) as [number, number];
      const oldest = kept[0]?.seq ?? seq + 1;
      if (tokenEpoch !== epoch || tokenSeq > seq || tokenSeq < oldest - 1) return null;
      const missed = kept.filter((entry) => entry.seq > tokenSeq);
      const bytes = missed.reduce((sum, entry) => sum + entry.text.length, 0);
      return bytes < wholeBytes ? missed.map((entry) => entry.text) : null;
    },
    /** The bytes of what is kept (bounded by `keep` messages). */
    get keptBytes() {
      return keptBytes;
    },
  };
}

export type Sequence = ReturnType<typeof createSequence>;
