/** The zoom runs from 1x to 100x over a page 500vh tall (spec section 9). */
export const MIN_SCALE = 1;
export const MAX_SCALE = 100;
export const SCROLL_HEIGHT_VH = 500;

const clamp = (n: number) => Math.min(1, Math.max(0, n));

/** How far through the zoom section the visitor has scrolled, 0 to 1. */
export function scrollProgress(scrollY: number, sectionTop: number, sectionHeight: number, viewport: number): number {
  const range = sectionHeight - viewport;
  return range <= 0 ? 0 : clamp((scrollY - sectionTop) / range);
}

/**
 * The potato's scale for a progress: exponential, so each bit of scrolling zooms by the same
 * factor (linear would rush through 1x to 10x in the first tenth of the page).
 */
export function scaleFor(progress: number): number {
  return MIN_SCALE * (MAX_SCALE / MIN_SCALE) ** clamp(progress);
}
