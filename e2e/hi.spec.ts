import { expect, open, settle, test } from "./fixtures";

test.describe("Endless Hi", () => {
  test("pre-renders 15 greetings in many languages", async ({ request }) => {
    const html = await (await request.get("/hi")).text();
    const items = [...html.matchAll(/<li lang="([a-z]+)"/g)].map((m) => m[1]);
    expect(items).toHaveLength(15);
    expect(new Set(items).size).toBeGreaterThan(5);
  });

  test("adds exactly 10 more each time the visitor scrolls near the bottom, and the bottom says so", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 600 });
    await open(page, "/hi");
    const greetings = page.getByRole("list", { name: "Greetings" }).getByRole("listitem");
    await expect(greetings).toHaveCount(15);
    for (const target of [25, 35]) {
      await page.keyboard.press("End");
      await expect(greetings).toHaveCount(target);
      // Exactly one batch per visit to the bottom: nothing more arrives while the visitor stays put.
      // Ten frames: the observer fires after a layout, and each batch it adds is laid out again.
      await settle(page, 10);
      await expect(greetings).toHaveCount(target);
    }
    await expect(page.getByText(/There is nothing at the bottom/)).toBeVisible();
  });

  test("greetings stay within the spec's size, rotation and offset", async ({ page }) => {
    await open(page, "/hi");
    const styles = await page
      .getByRole("list", { name: "Greetings" })
      .getByRole("listitem")
      .evaluateAll((items) => items.map((li) => (li as HTMLElement).style.cssText));
    for (const style of styles) {
      const size = Number(/font-size: ([\d.]+)rem/.exec(style)?.[1]);
      const x = Number(/translateX\((-?\d+)%\)/.exec(style)?.[1]);
      const rotation = Number(/rotate\((-?\d+)deg\)/.exec(style)?.[1]);
      expect(size).toBeGreaterThanOrEqual(1);
      expect(size).toBeLessThanOrEqual(3);
      expect(Math.abs(x)).toBeLessThanOrEqual(25);
      expect(Math.abs(rotation)).toBeLessThanOrEqual(30);
    }
  });
});
