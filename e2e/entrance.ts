import { expect, type Locator } from "@playwright/test";

/** Each of `cards`' opacity `ms` into its entrance animation, as the browser computes it (paused there). */
function opacitiesAt(cards: Locator, ms: number) {
  return cards.evaluateAll(
    (elements, at) =>
      elements.map((element) => {
        const [animation] = element.getAnimations();
        if (!animation) return null;
        animation.pause();
        animation.currentTime = at;
        return Number(getComputedStyle(element).opacity);
      }),
    ms,
  );
}

/**
 * Card k of `cards` is still hidden just before k × `staggerS`, on its way just after, not quite
 * there just before `entranceS` later and arrived just after (5 ms either side of each moment), as
 * the browser computes each card's animation paused at those moments, and all of them on one
 * timeline; every animation is left finished.
 */
export async function expectStaggeredEntrance(cards: Locator, staggerS: number, entranceS: number) {
  const count = await cards.count();
  for (let k = 0; k < count; k++) {
    const start = k * staggerS * 1000;
    const card = (opacities: (number | null)[]) => opacities[k];
    if (k > 0) expect(card(await opacitiesAt(cards, start - 5)), `card ${k} before its turn`).toBe(0);
    expect(card(await opacitiesAt(cards, start + 5)), `card ${k} at its turn`).toBeGreaterThan(0);
    expect(card(await opacitiesAt(cards, start + entranceS * 1000 - 5)), `card ${k} nearly there`).toBeLessThan(1);
    expect(card(await opacitiesAt(cards, start + entranceS * 1000 + 5)), `card ${k} arrived`).toBe(1);
  }
  // On one timeline: every card's animation starts at once and ends at once, its turn held by its
  // easing, so the browser has one start and one end to take (docs/performance.md), not one each.
  const timings = await cards.evaluateAll((elements) =>
    elements.map((element) => {
      const timing = element.getAnimations()[0]?.effect?.getComputedTiming();
      return { delay: timing?.delay, endTime: Number(timing?.endTime) };
    }),
  );
  const lastArrives = (count - 1) * staggerS * 1000 + entranceS * 1000;
  expect(timings).toEqual(timings.map(() => ({ delay: 0, endTime: expect.closeTo(lastArrives, 3) })));
  await cards.evaluateAll((elements) => {
    for (const element of elements) for (const animation of element.getAnimations()) animation.finish();
  });
}
