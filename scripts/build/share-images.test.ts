import { describe, expect, it } from "vitest";
import { cardSvg, extractArt, readCard, renderCard, wrap } from "./share-images.ts";

const page = `<html><head><meta property="og:title" content="Rock &amp; Roll"/><meta property="og:description" content="A rock&#x27;s life."/></head>
<body><div data-page-frame="" class="x" style="background-image:linear-gradient(to bottom right, oklch(62.7% 0.265 303.9), #fb2c36)">
<main><svg viewBox="0 0 24 24" aria-hidden="true"><path d="M0 0"/></svg>
<svg viewBox="0 0 10 10" class="w-8" aria-hidden="true" data-share-art=""><svg viewBox="0 0 1 1"><rect width="1" height="1"/></svg><circle r="4" fill="#f00"/></svg><p>after</p></main></div></body></html>`;

describe("share images", () => {
  it("reads the page's title, description, background and its own art", () => {
    const card = readCard(page);
    expect(card.title).toBe("Rock & Roll");
    expect(card.description).toBe("A rock's life.");
    expect(card.colors).toEqual(["#ad46ff", "#fb2c36"]);
    expect(card.art).toBe(
      '<svg viewBox="0 0 10 10" class="w-8" aria-hidden="true" data-share-art=""><svg viewBox="0 0 1 1"><rect width="1" height="1"/></svg><circle r="4" fill="#f00"/></svg>',
    );
    expect(extractArt("<main><svg viewBox='0 0 1 1'></svg></main>")).toBeUndefined();
  });

  it("wraps words into a few lines and cuts the rest", () => {
    expect(wrap("one two three four", 9, 3)).toEqual(["one two", "three", "four"]);
    expect(wrap("one two three four", 9, 2)).toEqual(["one two", "three…"]);
  });

  it("draws a 1200x630 PNG, the text escaped", () => {
    const svg = cardSvg(readCard(page), '<svg viewBox="0 0 2 2"><circle r="1"/></svg>', "Pointless <Toys>");
    expect(svg).toContain("Rock &amp; Roll");
    expect(svg).toContain("Pointless &lt;Toys&gt;");
    expect(svg).not.toContain("data-share-art");
    const png = renderCard(svg);
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });
});
