import { describe, expect, it } from "vitest";
import { getToast } from "../ui/toast/toast-store";
import { cleanShareText, SHARE_TEXT_MAX, shareResult } from "./share";

const content = {
  title: "Age Oracle | Pointless Toys",
  text: "The Age Oracle says I am 42.",
  url: "http://localhost:3000/age",
};

function abort(): Error {
  const error = new Error("closed");
  error.name = "AbortError";
  return error;
}

describe("cleanShareText", () => {
  it("removes control characters and collapses whitespace", () => {
    expect(cleanShareText("Hi\u0000 there\n\n\tfriend\u2028!")).toBe("Hi there friend !");
  });

  it("cuts long text with an ellipsis, never splitting an emoji", () => {
    const long = "🪨".repeat(SHARE_TEXT_MAX + 10);
    const cut = cleanShareText(long);
    expect(Array.from(cut)).toHaveLength(SHARE_TEXT_MAX);
    expect(cut.endsWith("🪨…")).toBe(true);
    expect(cleanShareText("short")).toBe("short");
  });
});

describe("shareResult", () => {
  it("uses the share sheet where there is one, with the cleaned text and the link", async () => {
    const shared: ShareData[] = [];
    const outcome = await shareResult(
      { ...content, text: "I am\n42." },
      {
        share: async (data) => {
          shared.push(data);
        },
      },
    );
    expect(outcome).toBe("shared");
    expect(shared).toEqual([{ title: content.title, text: "I am 42.", url: content.url }]);
  });

  it("says nothing when the visitor closes the sheet", async () => {
    const before = getToast()?.id;
    const outcome = await shareResult(content, { share: () => Promise.reject(abort()) });
    expect(outcome).toBe("cancelled");
    expect(getToast()?.id).toBe(before);
  });

  it("copies the text and link, with a toast, where there is no share sheet", async () => {
    const copied: string[] = [];
    const outcome = await shareResult(content, {
      clipboard: {
        writeText: async (text) => {
          copied.push(text);
        },
      },
    });
    expect(outcome).toBe("copied");
    expect(copied).toEqual(["The Age Oracle says I am 42. http://localhost:3000/age"]);
    expect(getToast()?.title).toBe("Copied to your clipboard");
  });

  it("copies when the share sheet refuses the data", async () => {
    const copied: string[] = [];
    const outcome = await shareResult(content, {
      share: () => Promise.reject(new Error("NotAllowedError")),
      canShare: () => true,
      clipboard: { writeText: async (text) => void copied.push(text) },
    });
    expect(outcome).toBe("copied");
    expect(copied).toHaveLength(1);
  });

  it("shows the link in a toast when the clipboard is refused too", async () => {
    const outcome = await shareResult(content, { clipboard: { writeText: () => Promise.reject(new Error("denied")) } });
    expect(outcome).toBe("failed");
    expect(getToast()?.description).toContain(content.url);
  });
});
