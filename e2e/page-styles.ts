import type { Page, Route } from "@playwright/test";
import { expect, settle } from "./fixtures";

/**
 * Each pre-rendered page carries only the CSS its own code can use (scripts/build/page-css.ts); the
 * site's whole stylesheet is prefetched once the page is live and switched on by a navigation. These helpers hold that stylesheet
 * back, so a page is seen with its own CSS alone, then with all of it.
 */

/** Holds every request for the site's whole stylesheet until `release` is called. */
export async function holdStylesheet(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route(/\/assets\/[^/]+\.css$/, (route) => (released ? route.continue() : void held.push(route)));
  return {
    asked: () => held.length > 0,
    release: async () => {
      released = true;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

/**
 * Properties resolved against the element's box or its content (a clock's text, a random quote),
 * which may differ between two looks at a live page for reasons that have nothing to do with CSS.
 */
export const BOX_DEPENDENT = [
  "width",
  "height",
  "inline-size",
  "block-size",
  "top",
  "right",
  "bottom",
  "left",
  "inset-block-start",
  "inset-block-end",
  "inset-inline-start",
  "inset-inline-end",
  "transform-origin",
  "perspective-origin",
];

/**
 * Every element's computed style, and that of its ::before and ::after: the first look is kept in
 * the page, the second returns what differs from it (for elements whose attributes did not change
 * in between: a live page may change state between the looks, and attribute selectors, such as
 * Tailwind's `aria-disabled:`, style an element by more than its class). CSS animations and transitions are read at their start (paused at 0,
 * then put back where they were, so the page goes on as a visitor sees it), so both looks see the
 * same frame of them, and one that runs only in the second look is a @keyframes rule missing from
 * the page's own CSS. What script animations drive (an emoji's wiggle) is not the stylesheet's and
 * comes and goes by itself: those properties are not compared. Each look also reports an animation
 * an element names that no @keyframes rule of the page defines. Call it once finite animations (an
 * entrance fade) have ended, or one that ends between the looks shows as a difference.
 */
export function look(page: Page, skip: readonly string[]) {
  return page.evaluate((skipped) => {
    type Looked = { at: string; styles: Record<string, string>; scripted: Set<string>; runs: Set<string> };
    const w = window as unknown as { __firstLook?: Map<Element, Looked> };
    const scriptedOn = new Map<Element, Set<string>>();
    const runsOn = new Map<Element, Set<string>>();
    const putBack: (() => void)[] = [];
    const add = (map: Map<Element, Set<string>>, el: Element, value: string) =>
      map.set(el, (map.get(el) ?? new Set<string>()).add(value));
    for (const animation of document.getAnimations()) {
      const effect = animation.effect as KeyframeEffect | null;
      const target = effect?.target;
      if (!effect || !target) continue;
      const pseudo = effect.pseudoElement ?? "";
      if (animation instanceof CSSAnimation || animation instanceof CSSTransition) {
        if (animation instanceof CSSAnimation) add(runsOn, target, `${pseudo}${animation.animationName}`);
        const { currentTime, playState } = animation;
        animation.pause();
        animation.currentTime = 0;
        putBack.push(() => {
          animation.currentTime = currentTime;
          if (playState === "running") animation.play();
        });
        continue;
      }
      for (const frame of effect.getKeyframes()) {
        for (const name of Object.keys(frame)) {
          if (["offset", "easing", "composite", "computedOffset"].includes(name)) continue;
          // getKeyframes() names properties in camelCase; computed styles are kebab-case.
          add(scriptedOn, target, `${pseudo}${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`);
        }
      }
    }
    const styleOf = (el: Element, pseudo?: string) => {
      const style = getComputedStyle(el, pseudo);
      const out: Record<string, string> = {};
      if (pseudo && style.content === "none") return out;
      for (let i = 0; i < style.length; i++) {
        const name = style.item(i);
        if (!skipped.includes(name)) out[`${pseudo ?? ""}${name}`] = style.getPropertyValue(name);
      }
      return out;
    };
    const now = new Map<Element, Looked>();
    for (const el of document.body.querySelectorAll("*")) {
      now.set(el, {
        at: [...el.attributes].map((a) => `${a.name}=${a.value}`).join("|"),
        styles: { ...styleOf(el), ...styleOf(el, "::before"), ...styleOf(el, "::after") },
        scripted: scriptedOn.get(el) ?? new Set(),
        runs: runsOn.get(el) ?? new Set(),
      });
    }
    for (const undo of putBack) undo();

    // Every animation an element names must be defined by the CSS the page has now, whether it
    // runs at this moment or ran and ended (an entrance fade).
    const defined = new Set<string>();
    const walk = (rules: CSSRuleList) => {
      for (const rule of rules) {
        if (rule instanceof CSSKeyframesRule) defined.add(rule.name);
        else if ("cssRules" in rule) walk((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of document.styleSheets) if (!sheet.disabled) walk(sheet.cssRules);
    const differences: string[] = [];
    for (const [el, looked] of now) {
      for (const pseudo of ["", "::before", "::after"]) {
        for (const name of (looked.styles[`${pseudo}animation-name`] ?? "none").split(/,\s*/)) {
          if (name !== "none" && !defined.has(name)) {
            differences.push(
              `<${el.tagName.toLowerCase()} class="${el.getAttribute("class")}">${pseudo} names the animation ${name}, which no @keyframes rule defines`,
            );
          }
        }
      }
    }

    if (!w.__firstLook) {
      w.__firstLook = now;
      return { compared: 0, differences: differences.slice(0, 20) };
    }
    let compared = 0;
    for (const [el, first] of w.__firstLook) {
      const second = now.get(el);
      if (!second || second.at !== first.at) continue;
      compared++;
      const tag = `<${el.tagName.toLowerCase()} class="${el.getAttribute("class")}">`;
      for (const name of second.runs) {
        if (!first.runs.has(name)) differences.push(`${tag} runs the animation ${name} only with the whole stylesheet`);
      }
      for (const [name, value] of Object.entries(second.styles)) {
        // Theme variables the page never uses come with the whole stylesheet: nothing reads them.
        if (name.includes("--") && !(name in first.styles)) continue;
        if (first.scripted.has(name) || second.scripted.has(name)) continue;
        if (first.styles[name] !== value) differences.push(`${tag} ${name}: ${first.styles[name]} → ${value}`);
      }
    }
    return { compared, differences: differences.slice(0, 20) };
  }, skip);
}

/** Properties whose computed value is the one layout resolved (a box's margins and padding). */
const LAID_OUT = ["top", "right", "bottom", "left"].flatMap((side) => [`margin-${side}`, `padding-${side}`]);

/**
 * The first look, taken once the page's layout holds still: after it, a few frames later, the
 * margins and padding layout resolved are read again, and the look is taken again until they
 * agree. Chromium has been seen to report an auto margin as 0px for a frame or two while the box
 * had not moved (2026-11-26, the shared sheet going live, in 3 of 6 loads): a look taken then
 * would set the wrong standard for the second. (Reading every property twice cost the route-wide
 * checks 8 s a run; these eight are what layout resolves.)
 */
export async function firstLook(page: Page, skip: readonly string[]) {
  await expect
    .poll(
      async () => {
        await page.evaluate(() => {
          delete (window as unknown as { __firstLook?: unknown }).__firstLook;
        });
        const first = await look(page, skip);
        if (first.differences.length > 0) return first.differences;
        await settle(page);
        return page.evaluate((names) => {
          type Looked = { styles: Record<string, string> };
          const looked = (window as unknown as { __firstLook?: Map<Element, Looked> }).__firstLook;
          const moved: string[] = [];
          for (const [el, { styles }] of looked ?? []) {
            const now = getComputedStyle(el);
            for (const name of names) {
              const before = styles[name];
              if (before !== undefined && before !== now.getPropertyValue(name)) {
                moved.push(
                  `<${el.tagName.toLowerCase()} class="${el.getAttribute("class")}"> ${name}: ${before} → ${now.getPropertyValue(name)}`,
                );
              }
            }
          }
          return moved.slice(0, 20);
        }, LAID_OUT);
      },
      { message: "the page's own CSS, its layout read twice while it holds still", timeout: 10_000 },
    )
    .toEqual([]);
}
