/**
 * The hub's numbered messages: each gets the next number in this process's sequence, and the
 * last `keep` are kept, so a visitor who reconnects naming the last number it saw gets what it
 * missed instead of the whole sheet. At about 15 messages a second, 512 is the last half minute.
 */
export function createSequence(keep = 512) {
  let seq = 0;
  const kept: { seq: number; text: string }[] = [];
  return {
    /** The number of the last message. */
    get now() {
      return seq;
    },
    /** Numbers a message and keeps it; its text, to send. */
    add(message: object): string {
      seq++;
      const text = JSON.stringify({ ...message, seq });
      kept.push({ seq, text });
      if (kept.length > keep) kept.shift();
      return text;
    },
    /** Skips a number and forgets what was kept: nobody can resume from before this point. */
    restart() {
      seq++;
      kept.length = 0;
    },
    /** The messages after `since`, or null when they are not all kept (the whole sheet, then). */
    since(since: number): string[] | null {
      const oldest = kept[0]?.seq ?? seq + 1;
      if (!Number.isSafeInteger(since) || since > seq || since < oldest - 1) return null;
      return kept.filter((entry) => entry.seq > since).map((entry) => entry.text);
    },
  };
}
