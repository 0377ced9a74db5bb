import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page, Route } from "@playwright/test";
import { expect } from "./fixtures";

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
 * Properties whose value getComputedStyle gives as layout resolved it (a box's margins and
 * padding, physical and logical), which look() reads as CSS computed them instead. Chromium has
 * been seen to report an auto margin as 0px for a frame or two, or for longer, while the box had
 * not moved (2026-11-26, the shared sheet going live, in 3 of 6 loads; 2026-11-28 a whole first
 * look, against 128px once the stylesheet was in): that says nothing of the stylesheet. A rule
 * missing from the page's own CSS still shows ("0px → auto", "0px → 5%"). Other values layout
 * resolves (a grid's tracks, a pseudo-element's margins: it has no such map) are read as resolved;
 * none has disagreed between two looks.
 */
const LAID_OUT = ["top", "right", "bottom", "left", "inline-start", "inline-end", "block-start", "block-end"].flatMap(
  (side) => [`margin-${side}`, `padding-${side}`],
);

/**
 * Every property some rule of the site's CSS declares, as longhands (the browser expands each
 * shorthand a rule sets), custom properties and @keyframes' included: read from the built
 * stylesheet, which holds every rule a page's own CSS is cut from. A look reads these alone (about
 * 220 of a tile's 545 computed properties on /emojis: a look there took 246 ms reading all, 56 ms
 * these): a page whose declared properties agree everywhere agrees on the rest, as every other
 * computed value follows from them and the browser's own stylesheet, the same in both looks.
 */
let declared: Promise<string[]> | undefined;
export function declaredProperties(page: Page): Promise<string[]> {
  const assets = "build/client/assets";
  const css = () =>
    readdirSync(assets)
      .filter((name) => name.endsWith(".css"))
      .map((name) => readFileSync(join(assets, name), "utf8"));
  declared ??= page.evaluate((texts) => {
    const names = new Set<string>();
    const walk = (rules: CSSRuleList) => {
      for (const rule of rules) {
        const style = (rule as CSSStyleRule).style;
        if (style) for (let i = 0; i < style.length; i++) names.add(style.item(i));
        if ("cssRules" in rule) walk((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const text of texts) {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(text);
      walk(sheet.cssRules);
    }
    return [...names].sort();
  }, css());
  // A page closed under it: the next look asks again.
  declared.catch(() => {
    declared = undefined;
  });
  return declared;
}

/**
 * Every element's computed style for the properties the site's CSS declares
 * (`declaredProperties`), and that of its ::before and ::after: the first look is kept in
 * the page, the second returns what differs from it (for elements whose attributes did not change
 * in between: a live page may change state between the looks, and attribute selectors, such as
 * Tailwind's `aria-disabled:`, style an element by more than its class). CSS animations are read at
 * their start and CSS transitions at their end (paused there, then put back where they were, so the
 * page goes on as a visitor sees it), so both looks see the same frame of them, and one that runs
 * only in the second look is a @keyframes rule missing from the page's own CSS. What script animations drive (an emoji's wiggle) is not the stylesheet's and
 * comes and goes by itself: those properties are not compared. Each look also reports an animation
 * an element names that no @keyframes rule of the page defines. Call it once finite animations (an
 * entrance fade) have ended, or one that ends between the looks shows as a difference.
 */
export async function look(page: Page, skip: readonly string[]) {
  const names = { skipped: skip, computed: LAID_OUT, declared: await declaredProperties(page) };
  return page.evaluate(({ skipped, computed, declared }) => {
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
        // A transition is read at its end, the style the element is going to: read at its start,
        // one caught running by the first look (a bubble popped by another visitor a moment before
        // on the shared sheet) differed for good from the second ("scale: 1 → 0.75").
        animation.currentTime =
          animation instanceof CSSTransition ? Number(effect.getComputedTiming().endTime ?? 0) : 0;
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
      // An element's own margins and padding as CSS computes them ("auto", "5%"), not as layout
      // resolved them at that moment (pseudo-elements have no such map).
      const map = pseudo ? undefined : el.computedStyleMap();
      const out: Record<string, string> = {};
      if (pseudo && style.content === "none") return out;
      for (const name of declared) {
        if (skipped.includes(name)) continue;
        const value = map && computed.includes(name) ? String(map.get(name)) : style.getPropertyValue(name);
        // A custom property no rule gives the element has no value: left out, as enumerating the
        // computed style leaves it out (the theme's variables, below).
        if (value === "" && name.startsWith("--")) continue;
        out[`${pseudo ?? ""}${name}`] = value;
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
  }, names);
}

/**
 * The first look, once the page names no animation its CSS lacks (a page still loading its own
 * CSS): kept in the page for the second look to compare with.
 */
export async function firstLook(page: Page, skip: readonly string[]) {
  await expect
    .poll(
      async () => {
        await page.evaluate(() => {
          delete (window as unknown as { __firstLook?: unknown }).__firstLook;
        });
        return (await look(page, skip)).differences;
      },
      // A look takes seconds on a loaded machine (e2e/routes.spec.ts).
      { message: "the page's own CSS", timeout: 40_000 },
    )
    .toEqual([]);
}
