import { describe, expect, it } from "vitest";
import { addMessage, canSend, MAX_MESSAGES, REPLY_DELAY_MS } from "./logic";
import { GREETING, REPLIES } from "./words";

describe("AI boyfriend", () => {
  it("opens with 'Heyyyy~' and has nine distinct replies, after 1 s", () => {
    expect(GREETING).toBe("Heyyyy~");
    expect(REPLIES).toHaveLength(9);
    expect(new Set(REPLIES).size).toBe(9);
    expect(REPLY_DELAY_MS).toBe(1000);
  });

  it("ignores empty and whitespace-only input", () => {
    expect(canSend("")).toBe(false);
    expect(canSend("   \n\t ")).toBe(false);
    expect(canSend(" hi ")).toBe(true);
  });

  it("keeps the newest messages", () => {
    let log = [{ text: GREETING, isUser: false }];
    for (let i = 0; i < MAX_MESSAGES + 5; i++) log = addMessage(log, { text: `m${i}`, isUser: true });
    expect(log).toHaveLength(MAX_MESSAGES);
    expect(log.at(-1)?.text).toBe(`m${MAX_MESSAGES + 4}`);
  });
});
