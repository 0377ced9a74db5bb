import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { withoutIterationListener } from "./no-iteration-listener";

/** A document's stand-in: its own EventTarget, and the listeners added to it by type. */
function target() {
  const added: string[] = [];
  const events = new EventTarget();
  const doc = Object.create(events) as Document;
  Object.setPrototypeOf(doc, {
    addEventListener(type: string) {
      added.push(type);
    },
  });
  return { doc, added };
}

it("leaves React's root without an animationiteration listener, and every other listener as it was", () => {
  const { doc, added } = target();
  const made = withoutIterationListener(doc, () => {
    for (const type of ["click", "animationiteration", "animationstart", "animationend"]) {
      doc.addEventListener(type, () => {});
      doc.addEventListener(type, () => {}, true);
    }
    return "root";
  });
  expect(made).toBe("root");
  expect(added).toEqual(["click", "click", "animationstart", "animationstart", "animationend", "animationend"]);
  // Afterwards, the document's own method again, and nothing left on the document itself.
  expect(Object.getOwnPropertyDescriptor(doc, "addEventListener")).toBeUndefined();
  doc.addEventListener("animationiteration", () => {});
  expect(added.at(-1)).toBe("animationiteration");
});

it("puts the method back even when making the root throws", () => {
  const { doc } = target();
  expect(() =>
    withoutIterationListener(doc, () => {
      throw new Error("no root");
    }),
  ).toThrow("no root");
  expect(Object.getOwnPropertyDescriptor(doc, "addEventListener")).toBeUndefined();
});

it("is safe because no page of the site listens for an animation's iterations", () => {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(tsx?)$/.test(name) && !name.endsWith(".test.ts")) files.push(path);
    }
  };
  walk(join(import.meta.dirname, "../.."));
  expect(files.length).toBeGreaterThan(100);
  const using = files.filter((file) =>
    /onAnimationIteration|["']animationiteration["']/.test(readFileSync(file, "utf8")),
  );
  expect(using).toEqual([join(import.meta.dirname, "no-iteration-listener.ts")]);
});
