import { type Page, test } from "@playwright/test";

/**
 * Contrast measured from what is painted (WCAG 2 AA: 4.5:1, 3:1 for large text): every visible text
 * against the lightest and the darkest pixel behind it, read from a screenshot of the page with its
 * text made transparent, a form control's shown text (a select's choice, a field's value) as well.
 * axe reports text over a gradient or an image as "incomplete" and checks nothing there; this reads
 * the pixels, so where it runs axe's own contrast rule is left out (page-checks.ts). Text that is
 * only emoji (colour glyphs) is not text here.
 */
export interface LowContrast {
  text: string;
  ratio: number;
  needs: number;
  color: string;
}

interface Run {
  text: string;
  rects: { x: number; y: number; width: number; height: number }[];
  color: [number, number, number, number];
  large: boolean;
}

/** Every visible text's runs, each rect cut to what its scrolling boxes show (a text scrolled away is not there). */
const textRuns = (page: Page) =>
  page.evaluate(() => {
    const found: Run[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const parse = (color: string): [number, number, number, number] => {
      const canvas = document.createElement("canvas");
      canvas.width = canvas.height = 1;
      const context = canvas.getContext("2d") as CanvasRenderingContext2D;
      context.fillStyle = color;
      context.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data as unknown as number[];
      return [r as number, g as number, b as number, (a as number) / 255];
    };
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? "").trim();
      const element = node.parentElement;
      if (!text || !element || !/[\p{L}\p{N}]/u.test(text)) continue;
      if (element.closest("script, style, noscript, [aria-hidden='true'], .sr-only, option")) continue;
      if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      // SVG text may be turned (the wheel's labels): its box upright covers its neighbours, so it is
      // read against what is painted at its middle, the shape it is written on.
      const middle = (r: DOMRect) => ({ x: r.x + r.width / 2 - 1, y: r.y + r.height / 2 - 1, width: 3, height: 3 });
      // What the boxes that clip it (overflow other than visible, on that axis) show of it: a line
      // of the hacker's console scrolled under its title bar is painted nowhere, and was read
      // against the bar. The page's own scrolling (body, html) is the whole screenshot's; an SVG's
      // box, an inline box and a turned box are not read as clips (their client box is not what
      // they paint), and nothing beyond a fixed box clips it.
      const clips: { left: number; top: number; right: number; bottom: number; x: boolean; y: boolean }[] = [];
      for (let at: Element | null = element; at && at !== document.body; at = at.parentElement) {
        if (!(at instanceof HTMLElement)) continue;
        const box = at.getBoundingClientRect();
        const { overflowX, overflowY, display, position } = getComputedStyle(at);
        const turned = Math.abs(box.width - at.offsetWidth) > 1 || Math.abs(box.height - at.offsetHeight) > 1;
        const x = overflowX !== "visible";
        const y = overflowY !== "visible";
        if ((x || y) && display !== "inline" && display !== "contents" && !turned) {
          const left = box.left + at.clientLeft;
          const top = box.top + at.clientTop;
          clips.push({ left, top, right: left + at.clientWidth, bottom: top + at.clientHeight, x, y });
        }
        if (position === "fixed") break;
      }
      const clipped = (r: DOMRect | ReturnType<typeof middle>) => {
        let [left, top, right, bottom] = [r.x, r.y, r.x + r.width, r.y + r.height];
        for (const clip of clips) {
          if (clip.x) [left, right] = [Math.max(left, clip.left), Math.min(right, clip.right)];
          if (clip.y) [top, bottom] = [Math.max(top, clip.top), Math.min(bottom, clip.bottom)];
        }
        return { x: left, y: top, width: right - left, height: bottom - top };
      };
      const rects = [...range.getClientRects()]
        .map((r) => clipped(element instanceof SVGElement ? middle(r) : r))
        .filter((r) => r.width >= 1 && r.height >= 1)
        .map((r) => ({ x: r.x + scrollX, y: r.y + scrollY, width: r.width, height: r.height }));
      add(element, text, rects);
    }
    // A form control's own text (a closed select's choice, a field's value) is in no text node: it
    // is read over the control's content box, where it is painted.
    const controls = document.querySelectorAll<HTMLSelectElement | HTMLInputElement | HTMLTextAreaElement>(
      "select:not([multiple]), textarea, input:is(:not([type]), [type=text], [type=search], [type=email], [type=url], [type=tel], [type=number])",
    );
    const px = (value: string) => Number.parseFloat(value) || 0;
    for (const control of controls) {
      const text = (
        control instanceof HTMLSelectElement ? (control.selectedOptions[0]?.text ?? "") : control.value
      ).trim();
      if (!/[\p{L}\p{N}]/u.test(text)) continue;
      if (!control.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const box = control.getBoundingClientRect();
      const style = getComputedStyle(control);
      const x = box.left + control.clientLeft + px(style.paddingLeft);
      const y = box.top + control.clientTop + px(style.paddingTop);
      const width = control.clientWidth - px(style.paddingLeft) - px(style.paddingRight);
      const height = control.clientHeight - px(style.paddingTop) - px(style.paddingBottom);
      if (width >= 1 && height >= 1) add(control, text, [{ x: x + scrollX, y: y + scrollY, width, height }]);
    }
    return found;

    function add(element: Element, text: string, rects: Run["rects"]): void {
      if (rects.length === 0) return;
      const style = getComputedStyle(element);
      let opacity = 1;
      for (let at: Element | null = element; at; at = at.parentElement) opacity *= Number(getComputedStyle(at).opacity);
      // SVG text is painted by its fill.
      const [r, g, b, a] = parse(element instanceof SVGElement ? style.fill : style.color);
      const size = Number.parseFloat(style.fontSize);
      const bold = Number(style.fontWeight) >= 700;
      found.push({
        text: text.slice(0, 60),
        rects,
        color: [r, g, b, a * opacity],
        large: size >= 24 || (bold && size >= 18.66),
      });
    }
  });

/** The page's texts and a screenshot of what is painted behind them, taken while nothing moved. */
async function stillShot(page: Page): Promise<{ runs: Run[]; shot: string }> {
  // Where a text is and its colour: what the screenshot (texts hidden) is read against.
  const place = ({ rects, color }: Run) => JSON.stringify({ rects, color });
  for (let tries = 1; ; tries++) {
    const runs = await textRuns(page);
    const shot = await backgroundShot(page);
    // A page that writes as it goes (the hacker's console types a line every few seconds) may have
    // moved its texts between the two: read again until they stood still across the screenshot.
    const after = new Set((await textRuns(page)).map(place));
    const still = runs.filter((run) => after.has(place(run)));
    if (still.length === runs.length) return { runs, shot };
    if (tries === 5) {
      // Still moving: the texts that stood still are read, and the test says which were not.
      const moving = runs.filter((run) => !after.has(place(run))).map((run) => run.text);
      test.info().annotations.push({ type: "contrast not read (moving)", description: moving.join(" | ") });
      return { runs: still, shot };
    }
  }
}

/** A screenshot of the whole page with every text made transparent: what is painted behind the texts. */
async function backgroundShot(page: Page): Promise<string> {
  const hide = await page.addStyleTag({
    content:
      "*, *::before, *::after { color: transparent !important; -webkit-text-fill-color: transparent !important; text-shadow: none !important; caret-color: transparent !important; text-decoration-color: transparent !important; } svg text, svg tspan { fill: transparent !important; stroke: transparent !important; }",
  });
  const shot = (await page.screenshot({ fullPage: true, animations: "disabled" })).toString("base64");
  // The texts' colours come back at once: a colour transition (the elevator's floors have one)
  // would otherwise fade them in from transparent, and the next read would see them half there.
  await hide.evaluate((style) => {
    (style as HTMLStyleElement).remove();
    for (const animation of document.getAnimations()) if (animation instanceof CSSTransition) animation.finish();
  });
  return shot;
}

export async function lowContrast(page: Page): Promise<LowContrast[]> {
  const { runs, shot } = await stillShot(page);
  return page.evaluate(
    async ({ runs, shot }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${shot}`;
      await image.decode();
      const canvas = document.createElement("canvas");
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext("2d", { willReadFrequently: true }) as CanvasRenderingContext2D;
      context.drawImage(image, 0, 0);
      const scale = image.width / document.documentElement.scrollWidth;
      const channel = (c: number) => {
        const s = c / 255;
        return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      const luminance = (r: number, g: number, b: number) =>
        0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
      // A pixel's channels are whole numbers: the sRGB curve read from a table (every pixel behind
      // every text, three powers each, was most of this step's time).
      const linear = Float64Array.from({ length: 256 }, (_, c) => channel(c));
      const pixelLuminance = (r: number, g: number, b: number) =>
        0.2126 * (linear[r] as number) + 0.7152 * (linear[g] as number) + 0.0722 * (linear[b] as number);
      const low: LowContrast[] = [];
      for (const run of runs) {
        const [fr, fg, fb, fa] = run.color;
        let worst = Number.POSITIVE_INFINITY;
        for (const rect of run.rects) {
          const x = Math.max(0, Math.floor(rect.x * scale));
          const y = Math.max(0, Math.floor(rect.y * scale));
          const w = Math.min(canvas.width - x, Math.ceil(rect.width * scale));
          const h = Math.min(canvas.height - y, Math.ceil(rect.height * scale));
          if (w <= 0 || h <= 0) continue;
          const data = context.getImageData(x, y, w, h).data;
          // The lightest and the darkest pixel behind the text: the text is read against both.
          let light = [0, 0, 0];
          let dark = [255, 255, 255];
          let lightL = -1;
          let darkL = 2;
          for (let i = 0; i < data.length; i += 4) {
            const l = pixelLuminance(data[i] as number, data[i + 1] as number, data[i + 2] as number);
            if (l > lightL) {
              lightL = l;
              light = [data[i] as number, data[i + 1] as number, data[i + 2] as number];
            }
            if (l < darkL) {
              darkL = l;
              dark = [data[i] as number, data[i + 1] as number, data[i + 2] as number];
            }
          }
          for (const bg of [light, dark]) {
            const [br, bgG, bb] = bg as [number, number, number];
            const text = luminance(fr * fa + br * (1 - fa), fg * fa + bgG * (1 - fa), fb * fa + bb * (1 - fa));
            const back = luminance(br, bgG, bb);
            const ratio = (Math.max(text, back) + 0.05) / (Math.min(text, back) + 0.05);
            worst = Math.min(worst, ratio);
          }
        }
        const needs = run.large ? 3 : 4.5;
        if (worst < needs)
          low.push({
            text: run.text,
            ratio: Math.round(worst * 100) / 100,
            needs,
            color: `rgba(${run.color.join(", ")})`,
          });
      }
      return low;
    },
    { runs, shot },
  );
}
