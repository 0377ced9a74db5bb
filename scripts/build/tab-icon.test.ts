import { readFileSync } from "node:fs";
import { Resvg } from "@resvg/resvg-js";
import { expect, it } from "vitest";
import { addTabIcon, tabIconLink } from "./html.ts";

const LOGO = readFileSync("public/favicon.svg", "utf8");

/** The picture an SVG draws, at a tab icon's size twice over, as raw pixels. */
const draw = (svg: string) => new Resvg(svg, { fitTo: { mode: "width", value: 64 } }).render().pixels;

it("puts the site's logo in the page as a data: URL that draws the same picture", () => {
  const link = tabIconLink(LOGO);
  const url = link.match(/^<link rel="icon" href="data:image\/svg\+xml,([^"]+)"\/>$/)?.[1];
  expect(url).toBeDefined();
  // What the browser reads from the URL: `%23` is `#`.
  const svg = decodeURIComponent(url as string);
  expect(svg.length).toBeLessThan(LOGO.length);
  expect(Buffer.compare(draw(svg), draw(LOGO))).toBe(0);
});

it("writes the icon after the page's theme colour, and nowhere else", () => {
  const html = '<head><meta charSet="utf-8"/><meta name="theme-color" content="#7e22ce"/><title>x</title></head>';
  const withIcon = addTabIcon(html, LOGO);
  expect(withIcon).toContain(`<meta name="theme-color" content="#7e22ce"/>${tabIconLink(LOGO)}<title>`);
  expect(withIcon.match(/rel="icon"/g)).toHaveLength(1);
});
