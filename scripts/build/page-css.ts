import postcss, { type AtRule, type Declaration, type Root, type Rule } from "postcss";
import { decodeEntities } from "./html-text.ts";

/**
 * Each page's own CSS: the site's stylesheet (Tailwind's output and app.css) less every rule that
 * cannot apply to the page. A rule stays when one of its selectors names only classes the page
 * can use: classes in its HTML or in any string of the JavaScript it can ever run (its modules and
 * the chunks they load later, such as a toast or a lazy view). That is the rule Tailwind itself
 * builds by (a class is used when its name appears whole in the source), so a class a toy adds
 * when clicked is there too. Rules without a class (the reset, `html`, `:root`) always stay; then
 * the custom properties, `@property` rules and keyframes that nothing left refers to go.
 *
 * Rules keep their order and their layers, so the page looks exactly as it would with the whole
 * stylesheet, which can follow later (after live) for the pages a visitor goes on to.
 */
export function pageCss(css: string, sources: readonly string[]): string {
  const usable = new Set<string>();
  // Custom properties the page's own code names (an inline style reading `var(--color-x)`).
  const named = new Set<string>();
  for (const source of sources) {
    for (const word of decodeEntities(source).split(/[\s"`]+/)) {
      // Whole (`before:content-['▼']`), and in pieces for single-quoted strings ('px-4').
      usable.add(word);
      for (const piece of word.split("'")) usable.add(piece);
    }
    for (const match of source.matchAll(/--[\w-]+/g)) named.add(match[0]);
  }
  const root = postcss.parse(css);
  // The layers in the whole stylesheet's order, declared first: a layer this page lacks would
  // otherwise come last when the whole stylesheet arrives, above the utilities.
  const layers: string[] = [];
  root.walkAtRules("layer", (at) => {
    for (const name of at.params.split(",").map((part) => part.trim())) {
      if (name && !layers.includes(name)) layers.push(name);
    }
  });
  root.walkRules((rule) => {
    if (insideKeyframes(rule)) return;
    if (!rule.selectors.some((selector) => classesIn(selector).every((name) => usable.has(name)))) rule.remove();
  });
  dropUnreferenced(root, named);
  dropEmpty(root);
  if (layers.length > 0) root.prepend(postcss.atRule({ name: "layer", params: layers.join(",") }));
  return root.toString();
}

const insideKeyframes = (rule: Rule) =>
  rule.parent?.type === "atrule" && /keyframes$/i.test((rule.parent as AtRule).name);

/** The class names a selector requires, unescaped (`.hover\:bg-white\/25:hover` needs `hover:bg-white/25`). */
export function classesIn(selector: string): string[] {
  return [...selector.matchAll(/\.((?:\\[0-9a-fA-F]{1,6} ?|\\[^0-9a-fA-F]|[\w-]|[^\p{ASCII}])+)/gu)].map((match) =>
    (match[1] as string)
      .replace(/\\([0-9a-fA-F]{1,6}) ?/g, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
      .replace(/\\(.)/g, "$1"),
  );
}

const VAR = /var\(\s*(--[\w-]+)/g;
const ANIMATION = /^(?:-webkit-)?animation(?:-name)?$/i;

/**
 * Drops custom properties (in `:root`-like rules, and Tailwind's `@property` and fallback rules)
 * and keyframes nothing refers to. A property is needed when a kept declaration other than its own
 * definition refers to it, or a needed property's value does: repeated until nothing changes.
 */
function dropUnreferenced(root: Root, named: ReadonlySet<string>) {
  const definitions: Declaration[] = [];
  const uses: Declaration[] = [];
  root.walkDecls((decl) => {
    if (decl.parent?.type === "rule" && insideKeyframes(decl.parent as Rule)) {
      uses.push(decl);
      return;
    }
    (decl.prop.startsWith("--") ? definitions : uses).push(decl);
  });
  const needed = new Set<string>(named);
  const animations = new Set<string>();
  const need = (value: string) => {
    let added = false;
    for (const match of value.matchAll(VAR)) {
      const name = match[1] as string;
      if (!needed.has(name)) {
        needed.add(name);
        added = true;
      }
    }
    return added;
  };
  for (const decl of uses) {
    need(decl.value);
    if (ANIMATION.test(decl.prop)) for (const word of decl.value.split(/[\s,]+/)) animations.add(word);
  }
  // Properties set by a kept utility (`--tw-translate-x: 1rem`) are used by it: Tailwind's
  // utilities set one and read another (`translate: var(--tw-translate-x) ...`).
  for (const decl of definitions) if (!isThemeLike(decl)) needed.add(decl.prop);
  for (let changed = true; changed; ) {
    changed = false;
    for (const decl of definitions) if (needed.has(decl.prop) && need(decl.value)) changed = true;
  }
  // Animation names may also come through a custom property (`--animate-bounce: bounce 1s ...`).
  for (const decl of definitions) {
    if (needed.has(decl.prop)) for (const word of decl.value.split(/[\s,]+/)) animations.add(word);
  }
  for (const decl of definitions) if (!needed.has(decl.prop) && isThemeLike(decl)) decl.remove();
  root.walkAtRules((at) => {
    if (at.name === "property" && !needed.has(at.params.trim())) at.remove();
    else if (/keyframes$/i.test(at.name) && !animations.has(at.params.trim())) at.remove();
  });
}

/**
 * A definition that only offers a value (the theme on `:root, :host`, Tailwind's fallback for
 * browsers without `@property` on `*, ::before, ::after, ::backdrop`), as opposed to a utility's.
 */
function isThemeLike(decl: Declaration): boolean {
  const rule = decl.parent;
  if (rule?.type !== "rule") return false;
  return (rule as Rule).selectors.every((selector) => classesIn(selector).length === 0);
}

function dropEmpty(root: Root) {
  for (let changed = true; changed; ) {
    changed = false;
    root.walk((node) => {
      if ((node.type === "rule" || (node.type === "atrule" && node.nodes)) && node.nodes?.length === 0) {
        node.remove();
        changed = true;
      }
    });
  }
}
